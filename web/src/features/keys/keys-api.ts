import { deletedCountSchema, keyStatusSchema, savedKeySchema, type SaveKeyBody } from '@parley/core';
import { apiJson } from '../../api/client.ts';

export const keyStatusQueryKey = (endpoint: string) => ['userKey', endpoint] as const;

/** SPEC point 7: the key calls. The server never returns a key, only when it stops working. */
export const keysApi = {
  status: (endpoint: string, signal?: AbortSignal) =>
    apiJson(`/api/keys?name=${encodeURIComponent(endpoint)}`, { schema: keyStatusSchema, signal }),
  save: (body: SaveKeyBody) => apiJson('/api/keys', { method: 'PUT', body, schema: savedKeySchema }),
  revoke: (endpoint: string) => apiJson(`/api/keys/${encodeURIComponent(endpoint)}`, { method: 'DELETE', schema: deletedCountSchema }),
  revokeAll: () => apiJson('/api/keys?all=true', { method: 'DELETE', schema: deletedCountSchema }),
};
