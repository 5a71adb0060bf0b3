import { z } from 'zod';

/** `POST /api/share`: a read-only link to one branch of a conversation, down to `messageId` (its latest branch when left out). */
export const createShareLinkSchema = z.object({
  conversationId: z.string().min(1).max(200),
  messageId: z.string().min(1).max(200).optional(),
});
export type CreateShareLinkBody = z.infer<typeof createShareLinkSchema>;

/** A share link as its owner sees it in settings. */
export const shareLinkSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  title: z.string(),
  /** The secret part of `/share/<token>`. */
  token: z.string(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });

/** A share link's token: 128 random bits in base64url (22 characters). */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * What a stranger reads at `/share/<token>`: the shared branch, root first, with nothing of the
 * account (no user, email or name; messages numbered afresh, so no stored id either).
 */
/** A file of a shared message, numbered within the share (never its stored id), served at sharedFileUrl. */
export const sharedFileSchema = z.object({
  n: z.number().int().positive(),
  filename: z.string(),
  type: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** Where a shared page's reader gets its file `n` (`thumb`: an image's small preview). */
export function sharedFileUrl(token: string, n: number, size?: 'thumb'): string {
  return `/api/share/public/${encodeURIComponent(token)}/files/${n}${size ? `?size=${size}` : ''}`;
}

export const sharedMessageSchema = z.object({
  messageId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  isCreatedByUser: z.boolean(),
  text: z.string(),
  model: z.string().nullable(),
  createdAt: z.string(),
  /** Its attachments; generated pictures in its text point at sharedFileUrl too. */
  files: z.array(sharedFileSchema),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;
export const sharedConversationSchema = z.object({
  title: z.string(),
  createdAt: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
