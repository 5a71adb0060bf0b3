import { z } from 'zod';

/** The fields of a stored row rather than of its settings: its owner and its timestamps. */
export const storedRowFields = ['user', 'createdAt', 'updatedAt'] as const;

/**
 * The conversation fields of SPEC point 3 that make it a record of a talk rather than settings
 * for one; a preset is "the conversation fields minus" these (its own title aside).
 */
export const conversationRecordFields = ['conversationId', 'title', 'messages', ...storedRowFields] as const;

/** A preset's own fields beside the settings it shares with conversations. */
export const presetRecordFields = ['presetId', 'title', ...storedRowFields] as const;

/** The fields that choose what answers: every other field of a conversation or preset is an endpoint option. */
export const answererFields = ['endpoint', 'model'] as const;

/**
 * The fields a conversation has beside its endpoint options. Its plugins (`tools`) are a field
 * of their own on a conversation, while a preset and a new chat's setup carry them as an option.
 */
export const conversationFixedFields = [...conversationRecordFields, ...answererFields, 'tools'] as const;

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
