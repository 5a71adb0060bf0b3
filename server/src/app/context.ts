import type { Env } from '../config/env.ts';
import type { Secrets } from '../config/secrets.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from './logger.ts';
import type { Readiness } from './readiness.ts';

/**
 * Everything a route or service needs, built once at start (`root/create-context.ts`) and passed
 * down explicitly. Only the parts of this layer are named here: each service, registry or cache
 * above it adds its own field beside its implementation (`declare module '…/app/context.ts'`),
 * so app/ imports nothing above it and the context still lists every part to the compiler.
 */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  db: Db;
  /** The process logger (Fastify logs requests through the same one). */
  log: Logger;
  /** False while the database migrations run after the server started listening. */
  readiness: Readiness;
  /** Directory holding the built SPA, when it should be served. */
  webDist?: string;
}
