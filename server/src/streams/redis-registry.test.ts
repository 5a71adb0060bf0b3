import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStreamRegistry } from './create-registry.ts';
import { createRedisStreamRegistry } from './redis-registry.ts';
import { ended, runStreamRegistrySuite } from '../test-support/stream-registry-suite.ts';
import { testRedisUrl } from '../test-support/redis.ts';
import { bufferLogger } from '../test-support/buffer-logger.ts';
import { startRedisServer } from '../test-support/redis-server.ts';
import { waitUntil } from '@parley/testkit';

const url = testRedisUrl;

// Two registries on one Redis stand for two app instances.
runStreamRegistrySuite('redis', async (options) => {
  const prefix = `parley-test:stream:${randomBytes(6).toString('hex')}:`;
  const writer = createRedisStreamRegistry({ url, prefix, ...options });
  const reader = createRedisStreamRegistry({ url, prefix, ...options });
  return { writer, reader, close: async () => void (await Promise.all([writer.close(), reader.close()])) };
});

describe('createStreamRegistry', () => {
  it('chooses Redis when REDIS_URL is set, so a stream started on one instance is found on another', async () => {
    const a = createStreamRegistry({ REDIS_URL: url });
    const b = createStreamRegistry({ REDIS_URL: url });
    const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() };
    await a.create(info, 1);
    expect(await b.find(info.userId, info.conversationId)).toEqual(info);
    await a.append(info.streamId, { event: 'message', data: ended, last: true });
    await Promise.all([a.close(), b.close()]);
  });
});

describe('a Redis stream registry whose Redis is away', () => {
  it('logs that a stream’s aborts cannot be heard, with no unhandled rejection', async () => {
    const redis = await startRedisServer();
    const logged = bufferLogger();
    const registry = createRedisStreamRegistry({ url: redis.url, log: logged.log });
    await redis.kill();

    const subscription = registry.onAbort(randomUUID(), () => undefined);

    await waitUntil(() => logged.lines.some((line) => line.includes('could not listen for the aborts of a stream')), { timeout: 10_000, what: 'the failure logged' });
    subscription.close();
    // Closing with Redis away answers the outage too.
    await registry.close().catch(() => undefined);
  });
});
