import type { Env } from '../config/env.ts';
import type { Secrets } from '../config/secrets.ts';
import type { Db } from '../db/client.ts';
import type { Limiter } from '../limiter/limiter.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import type { StreamRegistry } from '../streams/stream-registry.ts';

/** Everything a route or service needs, built once at start and passed down explicitly. */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  db: Db;
  /** Rate-limit counters: memory, or Redis when REDIS_URL is set. */
  limiter: Limiter;
  /** Live chat streams (resume, abort, concurrency): memory, or Redis when REDIS_URL is set. */
  streams: StreamRegistry;
  /** Outgoing mail; undefined when SMTP_URL is unset (email disabled). */
  mailer?: Mailer;
  /** Directory holding the built SPA, when it should be served. */
  webDist?: string;
}
