import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runLimiterSuite } from '../test-support/limiter-suite.ts';
import { createLimiter } from './limiter.ts';
import { createRedisLimiter } from './redis-limiter.ts';
import { testRedisUrl } from '../test-support/redis.ts';

const url = testRedisUrl;
const prefix = () => `parley-test:${randomBytes(6).toString('hex')}:`;

runLimiterSuite('redis', () => createRedisLimiter({ url, prefix: prefix() }));

describe('redis limiter across instances', () => {
  it('shares one count between two app instances on the same Redis', async () => {
    const shared = prefix();
    const a = createRedisLimiter({ url, prefix: shared });
    const b = createRedisLimiter({ url, prefix: shared });
    await a.hit('login:10.0.0.1', 60_000);
    await b.hit('login:10.0.0.1', 60_000);
    expect((await a.hit('login:10.0.0.1', 60_000)).count).toBe(3);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('createLimiter', () => {
  it('chooses Redis when REDIS_URL is set, so separate instances share counts', async () => {
    const key = `login:${randomBytes(6).toString('hex')}`;
    const a = createLimiter({ REDIS_URL: url });
    const b = createLimiter({ REDIS_URL: url });
    await a.hit(key, 5_000);
    expect((await b.hit(key, 5_000)).count).toBe(2);
    await Promise.all([a.close(), b.close()]);
  });
});
