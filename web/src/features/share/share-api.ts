import { shareLinkListSchema, shareLinkSchema, sharedConversationSchema, type CreateShareLinkBody } from '@parley/core';
import { z } from 'zod';
import { apiJson } from '../../api/client.ts';

export const shareLinksQueryKey = ['shareLinks'] as const;

/** A link's address as the reader opens it. */
export const shareUrl = (token: string) => `${window.location.origin}/share/${token}`;

/** Read-only share links: made from a conversation's menu, listed and revoked in settings, read by anyone holding one. */
export const shareApi = {
  list: (signal?: AbortSignal) => apiJson('/api/share', { schema: shareLinkListSchema, signal }).then((answer) => answer.links),
  create: (body: CreateShareLinkBody) => apiJson('/api/share', { body, schema: shareLinkSchema }),
  revoke: (id: string) => apiJson(`/api/share/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.object({ revoked: z.boolean() }) }),
  read: (token: string, signal?: AbortSignal) =>
    apiJson(`/api/share/public/${encodeURIComponent(token)}`, { schema: sharedConversationSchema, signal, refreshOn401: false }),
};
