import { apiTokenViewSchema, createdApiTokenSchema, revokedApiTokenSchema, type CreateApiToken } from '@parley/core';
import { z } from 'zod';
import { apiJson } from '../../api/client.ts';

export const apiTokensQueryKey = ['apiTokens'] as const;

/** An account's personal API tokens: the server shows a token once, when it is made. */
export const apiTokensApi = {
  list: (signal?: AbortSignal) => apiJson('/api/user/tokens', { schema: z.array(apiTokenViewSchema), signal }),
  create: (body: CreateApiToken) => apiJson('/api/user/tokens', { method: 'POST', body, schema: createdApiTokenSchema }),
  revoke: (id: string) => apiJson(`/api/user/tokens/${encodeURIComponent(id)}`, { method: 'DELETE', schema: revokedApiTokenSchema }),
};
