import { availableParallelism } from 'node:os';
import { createServiceAccountTokens } from '../providers/google/service-account.ts';
import { createOpenIdConfigurations } from '../services/social/openid-login.ts';
import { createAccessTokenVerifier } from '../services/auth/access-token.ts';
import { createAuthUserCache } from '../services/auth/auth-user-cache.ts';
import { createChannels } from '../services/channels/create-channels.ts';
import { createReplySaves } from '../services/chat/reply-batch-store.ts';
import { createUserMessageSaves } from '../services/chat/user-message-saves.ts';
import { createFileStorage } from '../services/files/file-storage.ts';
import { createMcpHub } from '../services/mcp/mcp-hub.ts';
import { createPasswordHashing } from '../services/passwords/password-hashing.ts';
import { createModelLists } from '../services/models/model-lists.ts';
import { createTokenCounter } from '../services/tokenizer/token-counter.ts';
import { createWorkerPool } from '../services/worker-pool/worker-pool.ts';
import { createUsageRecorder } from '../services/usage-records/usage-recorder.ts';
import { createChargeBatch } from '../services/access/charge-batch.ts';
import { createKeyHolds } from '../services/access/key-holds.ts';
import { createGatewayCallers } from '../services/gateway/caller-cache.ts';
import { createBusinessSettings } from '../services/business-settings/business-settings.ts';
import type { AppContext } from '../app/context.ts';
import { createLogger } from '../app/logger.ts';
import { createReadiness } from '../app/readiness.ts';

/** What a process supplies; the caches and the logger that hang off them are made here. */
export type AppContextParts = Omit<AppContext, 'log' | 'accessTokens' | 'passwords' | 'authUsers' | 'replySaves' | 'userMessageSaves' | 'readiness' | 'files' | 'mcp' | 'models' | 'tokenCounter' | 'serviceAccountTokens' | 'openIdConfigurations' | 'workers' | 'channels' | 'usageRecords' | 'gatewayCallers' | 'keyHolds' | 'charges' | 'businessSettings'> &
  Partial<Pick<AppContext, 'log' | 'readiness' | 'files'>>;

export function createAppContext(parts: AppContextParts): AppContext {
  const log = parts.log ?? createLogger(parts.env);
  const serviceAccountTokens = createServiceAccountTokens();
  const businessSettings = createBusinessSettings({ env: parts.env, db: parts.db, log });
  const channels = createChannels({ env: parts.env, db: parts.db, log, serviceAccountTokens });
  return {
    ...parts,
    log,
    mcp: createMcpHub(parts.env, log),
    models: createModelLists(parts.env, {
      onFetchError: (endpoint, error) => log.warn({ err: error, endpoint }, 'live model list unavailable; serving the catalog list'),
      channelModels: (endpoint) => channels.modelsFor(endpoint),
      offeredModels: (endpoint) => businessSettings.current().offeredModels(endpoint),
    }),
    tokenCounter: createTokenCounter(log),
    workers: createWorkerPool(log, { size: Math.min(parts.env.WORKER_PROCESSES, availableParallelism()), memoryMb: parts.env.WORKER_MEMORY_MB, maxWaiting: parts.env.WORKER_QUEUE_MAX, maxPerOwner: parts.env.WORKER_USER_MAX }),
    // A process that opened its database migrated (the default) is ready at once.
    readiness: parts.readiness ?? createReadiness(true),
    accessTokens: createAccessTokenVerifier(parts.secrets.jwtSecret),
    passwords: createPasswordHashing(log),
    authUsers: createAuthUserCache(parts.db),
    replySaves: createReplySaves(parts.db),
    userMessageSaves: createUserMessageSaves(parts.db),
    files: parts.files ?? createFileStorage(parts.env),
    serviceAccountTokens,
    channels,
    openIdConfigurations: createOpenIdConfigurations(),
    usageRecords: createUsageRecorder(parts.db, log),
    gatewayCallers: createGatewayCallers(),
    keyHolds: createKeyHolds(parts.db),
    charges: createChargeBatch(parts.db, log),
    businessSettings,
  };
}
