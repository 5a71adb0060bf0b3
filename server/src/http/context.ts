import type { Env } from '../config/env.ts';
import type { Secrets } from '../config/secrets.ts';
import type { Db } from '../db/client.ts';

/** Everything a route or service needs, built once at start and passed down explicitly. */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  db: Db;
  /** Directory holding the built SPA, when it should be served. */
  webDist?: string;
}
