import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisFrameBatch } from './redis-frame-batch.ts';

const redis = new Redis(process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(() => redis.quit());

const key = () => `parley-test:batch:${randomBytes(6).toString('hex')}`;

describe('Redis frame batch', () => {
  it('sends everything queued in one turn as one pipeline, in order, and the waiting frame learns it is stored', async () => {
    let pipelines = 0;
    const batch = createRedisFrameBatch(() => {
      pipelines += 1;
      return redis.pipeline();
    });
    const list = key();
    batch.add((p) => p.rpush(list, 'a'));
    batch.add((p) => p.rpush(list, 'b'));
    await batch.addAndWait((p) => p.rpush(list, 'c').pexpire(list, 10_000));
    expect(pipelines).toBe(1);
    expect(await redis.lrange(list, 0, -1)).toEqual(['a', 'b', 'c']);

    await batch.addAndWait((p) => p.rpush(list, 'd'));
    expect(pipelines).toBe(2);
  });

  it('rejects the waiting frame when one of its own commands fails, and only that one', async () => {
    const batch = createRedisFrameBatch(() => redis.pipeline());
    const text = key();
    const list = key();
    await redis.set(text, 'not a list', 'PX', 10_000);
    const failing = batch.addAndWait((p) => p.rpush(text, 'x'));
    const fine = batch.addAndWait((p) => p.rpush(list, 'y').pexpire(list, 10_000));
    await expect(failing).rejects.toThrow(/WRONGTYPE/);
    await expect(fine).resolves.toBeUndefined();
  });
});
