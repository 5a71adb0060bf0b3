import { z } from 'zod';

/**
 * A message as the API presents it. Messages form a tree through `parentMessageId`; the
 * first message of a conversation hangs under `ROOT_PARENT_ID`, siblings share a parent.
 */
export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  reasoning: z.string().nullable().optional(),
  isCreatedByUser: z.boolean(),
  model: z.string().nullable(),
  endpoint: z.string().nullable(),
  error: z.boolean(),
  /**
   * The failure that cut a reply short, as an error message's `text` (a chat error JSON): the
   * reply keeps what had arrived, stays `unfinished`, and shows this under its text.
   */
  errorText: z.string().nullable().optional(),
  /** The upstream model that answered a reply (from the provider's response), where `model` is the alias picked. */
  upstreamModel: z.string().nullable().optional(),
  /** The reply is still streaming, or its stream died before a final event. */
  unfinished: z.boolean(),
  /** The user stopped the reply; the text is what had arrived. */
  cancelled: z.boolean(),
  isEdited: z.boolean(),
  finish_reason: z.string().nullable(),
  tokenCount: z.number().int().nullable().optional(),
  files: z.array(z.unknown()).nullable().optional(),
  /** The names of `files`, in order. */
  filesname: z.array(z.string()).optional(),
  plugins: z.unknown().optional(),
  /** The sources a reply cites, numbered in this order (Bing's citations). */
  sources: z.array(z.object({ url: z.string(), title: z.string() })).optional(),
  /** Follow-up questions the model suggests; the interface offers them as chips. */
  suggestions: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** How many messages of its shown branch a conversation opens with, before the rest of its tree. */
export const RECENT_MESSAGES_COUNT = 40;

export const recentMessagesQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(200).default(RECENT_MESSAGES_COUNT),
});

/**
 * GET /api/messages/{conversationId}/recent?count=N: the end of the branch shown by default
 * (with each message's siblings), and whether that is the whole conversation.
 */
export const recentMessagesSchema = z.object({
  messages: z.array(messageSchema),
  complete: z.boolean(),
});
export type RecentMessages = z.infer<typeof recentMessagesSchema>;

/** The placeholder reply streamed for a request gets the request's id plus an underscore. */
export function placeholderResponseId(requestMessageId: string): string {
  return `${requestMessageId}_`;
}
