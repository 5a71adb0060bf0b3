import { createAccessTokenVerifier } from '../services/auth/access-token.ts';
import { createAuthUserCache } from '../services/auth/auth-user-cache.ts';
import { createReplySaves } from '../services/chat/reply-batch-store.ts';
import { createFileStorage } from '../services/files/file-storage.ts';
import { createMcpHub } from '../services/mcp/mcp-hub.ts';
import { createModelLists } from '../services/models/model-lists.ts';
import { createTokenCounter } from '../services/tokenizer/token-counter.ts';
import type { AppContext } from './context.ts';
import { createLogger } from './logger.ts';
import { createReadiness } from './readiness.ts';

/** What a process supplies; the caches and the logger that hang off them are made here. */
export type AppContextParts = Omit<AppContext, 'log' | 'accessTokens' | 'authUsers' | 'replySaves' | 'readiness' | 'files' | 'mcp' | 'models' | 'tokenCounter'> &
  Partial<Pick<AppContext, 'log' | 'readiness' | 'files'>>;

export function createAppContext(parts: AppContextParts): AppContext {
  const log = parts.log ?? createLogger(parts.env);
  return {
    ...parts,
    log,
    mcp: createMcpHub(parts.env, log),
    models: createModelLists(parts.env, {
      onFetchError: (endpoint, error) => log.warn({ err: error, endpoint }, 'live model list unavailable; serving the catalog list'),
    }),
    tokenCounter: createTokenCounter(log),
    // A process that opened its database migrated (the default) is ready at once.
    readiness: parts.readiness ?? createReadiness(true),
    accessTokens: createAccessTokenVerifier(parts.secrets.jwtSecret),
    authUsers: createAuthUserCache(parts.db),
    replySaves: createReplySaves(parts.db),
    files: parts.files ?? createFileStorage(parts.env),
  };
}
