import { randomBytes } from 'node:crypto';
import { waitUntil } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testEnv } from '../../test-support/app.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { testRedisUrl } from '../../test-support/redis.ts';
import { createBusinessSettings, type BusinessSettingsCache } from './business-settings.ts';

/** Never re-reads on a timer: only the Redis announcement or a local change can bring news. */
const never = () => () => {};

describe.each(testDatabaseKinds)('business settings on %s', (kind) => {
  let database: Database;
  const caches: BusinessSettingsCache[] = [];
  const { log, lines } = bufferLogger();
  const instance = async (env: Record<string, string>, topic: string) => {
    const cache = createBusinessSettings({ env: testEnv({ FREE_CALLS_PER_DAY: '10', TOPUP_PACKS: '1000:20', ...env }), db: database.db, log, topic, every: never });
    await cache.start();
    caches.push(cache);
    return cache;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(caches.map((c) => c.close()));
    await database.close();
  });

  it('takes the environment as the defaults and applies a change at once, across instances on one Redis', async () => {
    const topic = `parley:test:settings:${randomBytes(4).toString('hex')}`;
    const [a, b] = [await instance({ REDIS_URL: testRedisUrl }, topic), await instance({ REDIS_URL: testRedisUrl }, topic)];
    expect(b.current().freeCallsPerDay).toBe(10);
    expect(b.current().topUpPacks).toEqual([{ quota: 1000, price: 20 }]);
    const change = await a.update({ freeCallsPerDay: 3, topUpPacks: [{ quota: 500, priceFen: 990 }], callCosts: { 'gpt-4o': 12 } });
    expect(change.before).toEqual({});
    expect(a.current().freeCallsPerDay).toBe(3);
    await waitUntil(() => b.current().freeCallsPerDay === 3);
    expect(b.current().topUpPacks).toEqual([{ quota: 500, price: 9.9 }]);
    expect(b.current().callCosts.get('gpt-4o')).toBe(12);
    // null returns a field to its environment default.
    await a.update({ freeCallsPerDay: null });
    await waitUntil(() => b.current().freeCallsPerDay === 10);
    expect(b.current().stored).toEqual({ topUpPacks: [{ quota: 500, priceFen: 990 }], callCosts: { 'gpt-4o': 12 } });
  });

  it('without Redis, applies a change on the instance that made it and the others on re-reading', async () => {
    const [a, b] = [await instance({}, 'unused'), await instance({}, 'unused')];
    await a.update({ announcement: 'Welcome!' });
    expect(a.current().announcement).toBe('Welcome!');
    await b.reread();
    expect(b.current().announcement).toBe('Welcome!');
    expect(lines.join('')).toContain('business settings changed');
  });
});
