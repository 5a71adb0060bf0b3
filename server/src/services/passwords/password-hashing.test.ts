import { describe, expect, it } from 'vitest';
import { AppError } from '../../app/errors.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { createPasswordHashing, defaultPasswordHashingLimits } from './password-hashing.ts';

describe('password hashing queue', () => {
  it('runs at most `concurrency` at once, queues `maxQueued`, and refuses the next with 503 and Retry-After', async () => {
    const { lines, log } = bufferLogger();
    const hashing = createPasswordHashing(log, { concurrency: 1, maxQueued: 1 });
    const first = hashing.hash('first-password');
    const second = hashing.hash('second-password');
    expect(hashing.stats()).toEqual({ running: 1, queued: 1, finished: 0 });

    const refusals = await Promise.allSettled([hashing.hash('third-password'), hashing.verify(undefined, 'fourth')]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe('rejected');
      const error = (refusal as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('service_unavailable');
      expect(error.status).toBe(503);
      expect(error.headers).toEqual({ 'Retry-After': '1' });
    }
    // One line per full queue, not one per refused caller.
    expect(lines.filter((line) => line.includes('queue is full'))).toHaveLength(1);

    const stored = await first;
    await second;
    expect(hashing.stats()).toEqual({ running: 0, queued: 0, finished: 2 });
    expect(lines.filter((line) => line.includes('queue drained'))).toHaveLength(1);
    expect(await hashing.verify(stored, 'first-password')).toBe(true);
    expect(await hashing.verify(stored, 'wrong-password')).toBe(false);
  });

  it('hands a freed turn to the longest waiting caller', async () => {
    const hashing = createPasswordHashing(bufferLogger().log, { concurrency: 1, maxQueued: 3 });
    const order: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => hashing.hash(name).then(() => order.push(name)));
    await Promise.all(calls);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('leaves a thread of the pool free and queues a bounded number per running hash', () => {
    const { concurrency, maxQueued } = defaultPasswordHashingLimits();
    expect(concurrency).toBeGreaterThanOrEqual(1);
    expect(concurrency).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    expect(maxQueued).toBe(16 * concurrency);
  });
});
