import { afterAll, describe, expect, it } from 'vitest';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { OwnerBusyError, PoolFullError, WorkLimitError } from './work-limit.ts';
import { createWorkerPool } from './worker-pool.ts';

const logger = bufferLogger();
const pool = createWorkerPool(logger.log, { size: 1, memoryMb: 96, maxWaiting: 8, maxPerOwner: 8 });
const calculate = (expression: string, timeoutMs = 60_000) => pool.run('calculate', { expression }, { timeoutMs });

afterAll(() => pool.close());

// A restarted process loads mathjs again: seconds on a busy machine.
describe('the worker pool', { timeout: 120_000 }, () => {
  it('runs jobs past its size one after another, and a failed job leaves its thread working', async () => {
    const answers = await Promise.allSettled([calculate('1+1'), calculate('2+*'), calculate('3*3')]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual(['2', expect.stringMatching(/Value expected/), '9']);
  });

  it('stops a process out of memory with a memory WorkLimitError, logged, and starts another for the next job', async () => {
    const failed = await calculate('ones(4000, 4000)').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(WorkLimitError);
    expect(failed).toMatchObject({ limit: 'memory' });
    expect(logger.lines.join('')).toContain('ran out of memory');
    expect(await calculate('2^10')).toBe('1024');
  });

  it('stops a job past its time limit with a time WorkLimitError', async () => {
    await calculate('1');
    const failed = await calculate('sum(1:3000000)', 50).catch((error: unknown) => error);
    expect(failed).toMatchObject({ limit: 'time' });
    expect(await calculate('7-2')).toBe('5');
  });

  it('lets at most maxWaiting jobs wait, refuses the next at once with a PoolFullError (logged), and runs the waiting ones', async () => {
    const small = createWorkerPool(logger.log, { size: 1, memoryMb: 96, maxWaiting: 2, maxPerOwner: 8 });
    try {
      const run = (expression: string) => small.run('calculate', { expression }, { timeoutMs: 60_000 });
      // The first goes to the process at once; two wait; the fourth finds the queue full.
      const jobs = [run('1+1'), run('2+2'), run('3+3')];
      await expect(run('4+4')).rejects.toBeInstanceOf(PoolFullError);
      expect(logger.lines.join('')).toContain('as many jobs as may wait are waiting');
      expect(await Promise.all(jobs)).toEqual(['2', '4', '6']);
      // Once they ran, the queue takes jobs again.
      expect(await run('5+5')).toBe('10');
    } finally {
      await small.close();
    }
  });

  it('keeps one owner to its share: past maxPerOwner jobs waiting or running its next is refused, while others still get in', async () => {
    const shared = createWorkerPool(logger.log, { size: 1, memoryMb: 96, maxWaiting: 8, maxPerOwner: 2 });
    try {
      const run = (expression: string, owner: string) => shared.run('calculate', { expression }, { timeoutMs: 60_000, owner });
      const mine = [run('1+1', 'alice'), run('2+2', 'alice')];
      await expect(run('3+3', 'alice')).rejects.toBeInstanceOf(OwnerBusyError);
      expect(logger.lines.join('')).toContain('its owner has as many jobs as one may');
      const theirs = run('4+4', 'bob');
      expect(await Promise.all(mine)).toEqual(['2', '4']);
      // Alice's jobs are done: her share is free again.
      expect(await run('5+5', 'alice')).toBe('10');
      expect(await theirs).toBe('8');
    } finally {
      await shared.close();
    }
  });

  it('refuses work once closed', async () => {
    const closing = createWorkerPool(logger.log, { size: 1, memoryMb: 96, maxWaiting: 8, maxPerOwner: 8 });
    await closing.close();
    await expect(closing.run('calculate', { expression: '1' }, { timeoutMs: 1000 })).rejects.toThrow(/closed/);
  });
});
