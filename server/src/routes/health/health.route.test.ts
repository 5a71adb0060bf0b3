import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../root/build-app.ts';
import { createAppContext } from '../../root/create-context.ts';
import { createReadiness } from '../../app/readiness.ts';
import { openDatabase } from '../../db/client.ts';
import { createMemoryLimiter } from '../../limiter/memory-limiter.ts';
import { createMemoryStreamRegistry } from '../../streams/memory-registry.ts';
import { createRedisStreamRegistry } from '../../streams/redis-registry.ts';
import type { StreamRegistry } from '../../streams/stream-registry.ts';
import { createTestApp, testEnv, type TestApp } from '../../test-support/app.ts';
import { testRedisUrl } from '../../test-support/redis.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());
  const swapped: StreamRegistry[] = [];
  afterEach(async () => {
    for (const registry of swapped.splice(0)) await registry.close();
  });

  it('reports the database, and Redis as not configured, without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not_configured' });
  });

  it('reports a reachable Redis as ok and an unreachable one as unavailable (503)', async () => {
    const original = t.ctx.streams;
    try {
      const reachable = createRedisStreamRegistry({ url: testRedisUrl, prefix: `health-${randomBytes(4).toString('hex')}:` });
      swapped.push(reachable);
      t.ctx.streams = reachable;
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });

      // Nothing listens on port 1: the ping never succeeds and the check gives up after its timeout.
      const unreachable = createRedisStreamRegistry({ url: 'redis://127.0.0.1:1' });
      swapped.push(unreachable);
      t.ctx.streams = unreachable;
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
      const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(notReady.statusCode).toBe(503);
    } finally {
      t.ctx.streams = original;
    }
  });

  it('reports an unreachable database as unavailable (503)', async () => {
    const closed = await openDatabase({ dataDir: 'memory://' });
    await closed.close();
    const original = t.ctx.db;
    t.ctx.db = closed.db;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    } finally {
      t.ctx.db = original;
    }
  });
});

describe('GET /api/health/ready while the migrations run', () => {
  it('answers 503 (and other routes 503 with Retry-After) until the migrations are applied, then 200', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false });
    const env = testEnv();
    const readiness = createReadiness(false);
    const ctx = createAppContext({
      env,
      secrets: { jwtSecret: env.JWT_SECRET!, jwtRefreshSecret: env.JWT_REFRESH_SECRET!, credsKey: env.CREDS_KEY! },
      db: database.db,
      limiter: createMemoryLimiter(),
      streams: createMemoryStreamRegistry(),
      readiness,
    });
    const app = await buildApp(ctx);
    try {
      const starting = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ status: 'migrating' });
      const gated = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'a@example.com' } });
      expect(gated.statusCode).toBe(503);
      expect(gated.headers['retry-after']).toBe('5');
      // Liveness stays up: the process is alive and its database answers.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await database.migrate();
      readiness.markReady();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not_configured' });
      expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await ctx.streams.close();
      await database.close();
    }
  });
});
