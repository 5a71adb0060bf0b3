import { randomBytes } from 'node:crypto';
import { Redis, type ChainableCommander } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRedisFrameBatch, type AppendFrames } from './redis-frame-batch.ts';
import { appendFramesScript } from './redis-scripts.ts';
import { testRedisUrl } from '../test-support/redis.ts';

const redis = new Redis(testRedisUrl);
redis.defineCommand('testAppendFrames', { lua: appendFramesScript });
afterAll(() => redis.quit());

const appendFrames: AppendFrames = (pipeline, lists, args) =>
  (pipeline as ChainableCommander & { testAppendFrames(...a: (string | number)[]): ChainableCommander }).testAppendFrames(lists.length, ...lists, ...args);
const key = () => `parley-test:batch:${randomBytes(6).toString('hex')}`;
const frame = (list: string, message: string, expireMs?: number) => ({ list, channel: `${list}:live`, message, expireMs });

describe('Redis frame batch', () => {
  it('stores and publishes everything queued in one turn in one pipeline, in order; the waiting frame learns it is stored', async () => {
    let pipelines = 0;
    const batch = createRedisFrameBatch(() => {
      pipelines += 1;
      return redis.pipeline();
    }, appendFrames);
    const [a, b] = [key(), key()];
    const subscriber = new Redis(testRedisUrl);
    const published: string[] = [];
    subscriber.on('message', (_channel: string, message: string) => published.push(message));
    await subscriber.subscribe(`${a}:live`);

    batch.add(frame(a, 'a0', 10_000));
    batch.add(frame(b, 'b0', 10_000));
    batch.add(frame(a, 'a1'));
    await batch.addAndWait(frame(a, 'a2'), (p) => p.pexpire(a, 5_000));
    expect(pipelines).toBe(1);
    expect(await redis.lrange(a, 0, -1)).toEqual(['a0', 'a1', 'a2']);
    expect(await redis.lrange(b, 0, -1)).toEqual(['b0']);
    expect(await redis.pttl(a)).toBeLessThanOrEqual(5_000);
    expect(await redis.pttl(b)).toBeGreaterThan(5_000);
    await vi.waitFor(() => expect(published).toEqual(['a0', 'a1', 'a2']), { timeout: 2000, interval: 10 });
    await subscriber.quit();
  });

  it('rejects a waiting frame whose own commands fail, and only that one', async () => {
    const batch = createRedisFrameBatch(() => redis.pipeline(), appendFrames);
    const [text, list] = [key(), key()];
    await redis.set(text, 'not a list', 'PX', 10_000);
    const failing = batch.addAndWait(frame(list, 'x', 10_000), (p) => p.rpush(text, 'x'));
    const fine = batch.addAndWait(frame(list, 'y'), (p) => p.pexpire(list, 10_000));
    await expect(failing).rejects.toThrow(/WRONGTYPE/);
    await expect(fine).resolves.toBeUndefined();
  });

  it('rejects every waiting frame of a batch whose frames could not be stored', async () => {
    const batch = createRedisFrameBatch(() => redis.pipeline(), appendFrames);
    const text = key();
    await redis.set(text, 'not a list', 'PX', 10_000);
    await expect(batch.addAndWait(frame(text, 'x'), () => undefined)).rejects.toThrow(/WRONGTYPE/);
  });

  it('reports a failed write of frames nobody waits for, instead of dropping it unseen', async () => {
    const failures: { message: string; frames: number }[] = [];
    const batch = createRedisFrameBatch(
      () => redis.pipeline(),
      appendFrames,
      (error, frames) => failures.push({ message: error.message, frames }),
    );
    const text = key();
    await redis.set(text, 'not a list', 'PX', 10_000);
    batch.add(frame(text, 'lost'));
    batch.add(frame(text, 'lost too'));
    await expect.poll(() => failures).toEqual([{ message: expect.stringMatching(/WRONGTYPE/), frames: 2 }]);
  });
});
