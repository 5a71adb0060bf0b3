import { z } from 'zod';

/**
 * A conversation as the API presents it: the stored endpoint options (temperature, top_p,
 * promptPrefix, chatGptLabel…) are spread at the top level beside the fixed fields.
 */
export const conversationSchema = z.looseObject({
  conversationId: z.string(),
  title: z.string(),
  endpoint: z.string(),
  model: z.string().nullable(),
  tools: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Conversations per page of `GET /api/convos` (SPEC leaves it open; LibreChat's value). */
export const CONVERSATION_PAGE_SIZE = 25;

export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  pages: z.number().int(),
  pageNumber: z.number().int(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
});

export const TITLE_MAX_LENGTH = 200;

export const renameConversationSchema = z.object({
  arg: z.object({
    conversationId: z.string().min(1),
    title: z.string().trim().min(1, 'validation.title.required').max(TITLE_MAX_LENGTH, 'validation.title.max'),
  }),
});
export type RenameConversationBody = z.infer<typeof renameConversationSchema>;

/** `{arg: {conversationId}}` deletes one conversation; `{arg: {}}` deletes all of the caller's. */
export const clearConversationsSchema = z.object({
  arg: z.object({
    conversationId: z.string().min(1).optional(),
    source: z.string().optional(),
  }),
});
export type ClearConversationsBody = z.infer<typeof clearConversationsSchema>;
