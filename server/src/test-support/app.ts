import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseEnv, type Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { buildApp } from '../root/build-app.ts';
import type { AppContext } from '../app/context.ts';
import { createAppContext } from '../root/create-context.ts';
import type { Limiter } from '../limiter/limiter.ts';
import { createMemoryLimiter } from '../limiter/memory-limiter.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { createMemoryStreamRegistry } from '../streams/memory-registry.ts';
import type { StreamRegistry } from '../streams/stream-registry.ts';
import { createTestDatabase, type DatabaseKind } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-test-')),
    PUBLIC_URL: 'http://127.0.0.1:3080',
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789abcdef',
    CREDS_KEY: 'f'.repeat(64),
    ...overrides,
  });
}

/** Shared parts a test hands in instead of the app's own, e.g. one Redis limiter for two instances. */
export interface TestAppParts {
  limiter?: Limiter;
  /** A stream registry, e.g. one on a Redis the test can stop. */
  streams?: StreamRegistry;
  log?: AppContext['log'];
  /** A database to run on instead of a fresh one (e.g. the one a crashed instance used). */
  database?: Database;
  /** A built web app to serve. */
  webDist?: string;
}

/** A full app on a fresh database of the given kind (or on `parts.database`), for `app.inject` API tests. */
export async function createTestApp(kind: DatabaseKind, overrides: Record<string, string> = {}, parts: TestAppParts = {}): Promise<TestApp> {
  const { database: given, ...shared } = parts;
  const database = given ?? (await createTestDatabase(kind));
  const env = testEnv(overrides);
  const ctx = createAppContext({
    env,
    secrets: { jwtSecret: env.JWT_SECRET!, jwtRefreshSecret: env.JWT_REFRESH_SECRET!, credsKey: env.CREDS_KEY! },
    db: database.db,
    // A fresh in-memory limiter per app, so one test's attempts never throttle another's.
    limiter: createMemoryLimiter(),
    streams: createMemoryStreamRegistry(),
    mailer: createMailer(env),
    ...shared,
  });
  const app = await buildApp(ctx);
  await ctx.channels.start();
  await ctx.businessSettings.start();
  return {
    app,
    ctx,
    database,
    async close() {
      await app.close();
      await ctx.channels.close();
      await ctx.businessSettings.close();
      ctx.mailer?.close();
      await ctx.limiter.close();
      await ctx.streams.close();
      await database.close();
    },
  };
}
