import { afterAll, describe, expect, it } from 'vitest';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { WorkLimitError } from './work-limit.ts';
import { createWorkerPool } from './worker-pool.ts';

const logger = bufferLogger();
const pool = createWorkerPool(logger.log, { size: 1, memoryMb: 96 });
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

  it('refuses work once closed', async () => {
    const closing = createWorkerPool(logger.log, { size: 1, memoryMb: 96 });
    await closing.close();
    await expect(closing.run('calculate', { expression: '1' }, { timeoutMs: 1000 })).rejects.toThrow(/closed/);
  });
});
