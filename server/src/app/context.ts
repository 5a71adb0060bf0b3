import type { MessageInput } from '../services/messages/message-store.ts';
import type { Env } from '../config/env.ts';
import type { Secrets } from '../config/secrets.ts';
import type { Db } from '../db/client.ts';
import type { Limiter } from '../limiter/limiter.ts';
import type { FileStorage } from '../services/files/file-storage.ts';
import type { AccessTokenVerifier } from '../services/auth/access-token.ts';
import type { AuthUserCache } from '../services/auth/auth-user-cache.ts';
import type { Channels } from '../services/channels/create-channels.ts';
import type { ReplySaveBatch } from '../services/chat/reply-saver.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import type { PasswordHashing } from '../services/passwords/password-hashing.ts';
import type { McpHub } from '../services/mcp/mcp-hub.ts';
import type { ModelLists } from '../services/models/model-lists.ts';
import type { TokenCounter } from '../services/tokenizer/token-counter.ts';
import type { ServiceAccountTokens } from '../providers/google/service-account.ts';
import type { OpenIdConfigurations } from '../services/social/openid-login.ts';
import type { WorkerPool } from '../services/worker-pool/worker-pool.ts';
import type { StreamRegistry } from '../streams/stream-registry.ts';
import type { UsageRecorder } from '../services/usage-records/usage-recorder.ts';
import type { GatewayCallers } from '../services/gateway/caller-cache.ts';
import type { Logger } from './logger.ts';
import type { Readiness } from './readiness.ts';

/** Everything a route or service needs, built once at start and passed down explicitly. */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  db: Db;
  /** The process logger (Fastify logs requests through the same one). */
  log: Logger;
  /** Rate-limit counters: memory, or Redis when REDIS_URL is set. */
  limiter: Limiter;
  /** Live chat streams (resume, abort, concurrency): memory, or Redis when REDIS_URL is set. */
  streams: StreamRegistry;
  /** Access tokens checked against JWT_SECRET, each remembered once verified. */
  accessTokens: AccessTokenVerifier;
  /** The one queue every sign-in, sign-up and reset hashes through, bounded per process. */
  passwords: PasswordHashing;
  /** Signed-in users' rows, re-read at most a couple of seconds apart. */
  authUsers: AuthUserCache;
  /** The one batch that writes every live reply of this process. */
  replySaves: ReplySaveBatch<MessageInput>;
  /** Uploaded and generated files' bytes: DATA_DIR/files, or the S3 bucket. */
  files: FileStorage;
  /** Outgoing mail; undefined when SMTP_URL is unset (email disabled). */
  mailer?: Mailer;
  /** False while the database migrations run after the server started listening. */
  readiness: Readiness;
  /** The MCP servers of MCP_SERVERS_FILE, started on first use, closed with the app. */
  mcp: McpHub;
  /** Every endpoint's model list (`GET /api/models`, and what an ask may name), live lists cached. */
  models: ModelLists;
  /** cl100k_base token counts, in a worker thread started on the first count, stopped with the app. */
  tokenCounter: TokenCounter;
  /** Google service-account access tokens, reused until a minute before they expire. */
  serviceAccountTokens: ServiceAccountTokens;
  /** The OpenID issuer's discovered configuration, fetched on the first OpenID login. */
  openIdConfigurations: OpenIdConfigurations;
  /** Threads that parse uploads and run the calculator with time and memory caps, stopped with the app. */
  workers: WorkerPool;
  /** The upstream accounts (CHANNELS_FILE and the `*_API_KEY` ones) every server-paid call goes through, with failover. */
  channels: Channels;
  /** Every model call's usage record, queued and written in batches off the call's path. */
  usageRecords: UsageRecorder;
  /** The API's verified access keys, remembered for 2 s. */
  gatewayCallers: GatewayCallers;
  /** Directory holding the built SPA, when it should be served. */
  webDist?: string;
}
