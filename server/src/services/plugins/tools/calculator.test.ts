import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../app/logger.ts';
import { createWorkerPool } from '../../worker-pool/worker-pool.ts';
import { calculatorTool } from './calculator.ts';
import { ToolError } from './plugin-tool.ts';

const workers = createWorkerPool(createLogger({ LOG_LEVEL: 'silent' }), { size: 1, memoryMb: 128, maxWaiting: 8, maxPerOwner: 8 });
const calculator = calculatorTool(workers);
const run = (input: string) => calculator.run({ input }, new AbortController().signal);

afterAll(() => workers.close());

// The costly case restarts a thread, which loads mathjs again: seconds on a busy machine.
describe('calculator', { timeout: 120_000 }, () => {
  it('evaluates with operator precedence', async () => {
    expect((await run('2+3*4')).text).toBe('14');
  });

  it('converts units and works on matrices', async () => {
    expect((await run('12 inch to cm')).text).toBe('30.48 cm');
    expect((await run('det([1,2;3,4])')).text).toBe('-2');
  });

  it('refuses the functions that reach into the parser', async () => {
    await expect(run('evaluate("1+1")')).rejects.toThrow(ToolError);
    await expect(run('import({x: 1})')).rejects.toThrow(ToolError);
    await expect(run('createUnit("foo")')).rejects.toThrow(ToolError);
  });

  it('says what is wrong with a malformed expression', async () => {
    await expect(run('2+*')).rejects.toThrow(/Could not evaluate/);
  });

  it('stops a too-costly expression off the event loop with a clear tool error, and goes on calculating', async () => {
    await run('1+1');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // On the event loop this held the server 1.9 s and took 600 MB.
    const costly = run('sum(1:20000000)');
    await expect(costly).rejects.toThrow(ToolError);
    await expect(costly).rejects.toThrow(/too costly to evaluate/);
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(500);
    expect((await run('sqrt(16)')).text).toBe('4');
  });
});
