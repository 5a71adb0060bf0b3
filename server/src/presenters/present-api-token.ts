import type { ApiTokenView } from '@parley/core';
import type { ApiTokenRow } from '../services/api-tokens/api-token-store.ts';

/** A token as its account's list shows it: never the token or its hash. */
export function presentApiToken(row: ApiTokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    models: row.models,
    rpm: row.rpm,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
