import { eq } from 'drizzle-orm';
import { waitUntil } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema.ts';
import { createRedisOutage } from '../../app/redis-outage.ts';
import { createRedisLimiter } from '../../limiter/redis-limiter.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { createRedisStreamRegistry } from '../../streams/redis-registry.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { startRedisServer } from '../../test-support/redis-server.ts';

const until = (check: () => boolean, what: string, timeout = 10_000) => waitUntil(check, { timeout, what });

describe('a new chat while Redis is away', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let s: ChatStack;
  const logged = bufferLogger();
  const lines = (text: string) => logged.lines.filter((line) => line.includes(text));

  beforeAll(async () => {
    redis = await startRedisServer();
    const outage = createRedisOutage(logged.log);
    s = await startChatStack(
      'pglite',
      { REDIS_URL: redis.url },
      {
        log: logged.log,
        limiter: createRedisLimiter({ url: redis.url, outage }),
        streams: createRedisStreamRegistry({ url: redis.url, log: logged.log, outage }),
      },
    );
  });
  afterAll(async () => {
    await s?.close();
    await redis?.kill();
  });

  it('answers 503 service_unavailable with Retry-After, logs the outage once, and once when Redis is back', async () => {
    const alice = await s.t.signUp();
    const ask = () => s.post(alice, '/api/ask/openAI', { text: 'Hello', endpoint: 'openAI', model: 'gpt-4o', conversationId: null });
    s.upstream.enqueue({ chunks: ['fine'] });
    const before = await ask();
    expect(before.status).toBe(200);
    await before.text();

    await redis.kill();
    await until(() => lines('Redis is unavailable').length > 0, 'the outage logged');
    const refused = await Promise.all([ask(), ask(), ask()]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toMatchObject({ error: 'service_unavailable', status: 503 });
    }
    expect(await (await s.t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'unavailable' });

    redis = await startRedisServer(redis.port);
    await until(() => lines('Redis is back').length > 0, 'the return logged');
    s.upstream.enqueue({ chunks: ['again'] });
    const after = await ask();
    expect(after.status).toBe(200);
    await after.text();
    expect(lines('Redis is unavailable')).toHaveLength(1);
    expect(lines('Redis is back')).toHaveLength(1);
    expect(lines('unhandled error')).toEqual([]);
  });
});

describe('a paid ask while only the stream registry’s Redis is away', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let s: ChatStack;
  const logged = bufferLogger();

  beforeAll(async () => {
    redis = await startRedisServer();
    // Rate limits in memory: the ask gets past them and its quota is held before the stream is claimed.
    s = await startChatStack('pglite', { ACCESS_MODE: 'keys' }, { log: logged.log, streams: createRedisStreamRegistry({ url: redis.url, log: logged.log }) });
  });
  afterAll(async () => {
    await s?.close();
    await redis?.kill();
  });

  it('answers 503 and gives the held quota back', async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 10 });
    await redis.kill();
    await until(() => logged.lines.some((line) => line.includes('Redis is unavailable')), 'the outage logged');
    const refused = await s.post(key, '/api/ask/openAI', { text: 'Hello', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: 'service_unavailable' });
    const [row] = await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id));
    expect(row).toMatchObject({ quota: 10, used: 0 });
  });
});
