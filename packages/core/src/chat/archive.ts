import { z } from 'zod';

/** `POST /api/convos/archive`: archives a conversation (out of the sidebar) or brings it back. */
export const archiveConversationSchema = z.object({
  conversationId: z.string().min(1).max(200),
  archived: z.boolean(),
});
export type ArchiveConversationBody = z.infer<typeof archiveConversationSchema>;
