import { execFile } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../app/logger.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { createTokenCounter } from './token-counter.ts';
import { startTokenWorker } from './token-worker-start.ts';
import { scripts, unbrokenRun } from '../../test-support/unbroken-texts.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const quiet = createLogger({ LOG_LEVEL: 'silent' });

/** Runs `lines` as a module in a new Node process under tsx with a `counter` at hand; answers the lines it printed. */
async function countInChildProcess(lines: string[], preloads: string[] = []): Promise<string[]> {
  const script = [
    `import { createTokenCounter } from ${JSON.stringify(path.join(here, 'token-counter.ts'))};`,
    `import { createLogger } from ${JSON.stringify(path.join(here, '../../app/logger.ts'))};`,
    `const counter = createTokenCounter(createLogger({ LOG_LEVEL: 'silent' }));`,
    ...lines,
  ].join('\n');
  const argv = ['--import', 'tsx', ...preloads, '--input-type=module', '--eval', script];
  const { stdout } = await promisify(execFile)(process.execPath, argv, { cwd: here, timeout: 20_000 });
  return stdout.trim().split('\n');
}


describe('createTokenCounter (cl100k_base in a worker thread)', () => {
  const counter = createTokenCounter(quiet);
  afterAll(() => counter.close());

  it('counts as OpenAI’s cl100k_base does', async () => {
    expect(await counter.count('')).toBe(0);
    expect(await counter.count('hello world')).toBe(2);
    expect(await counter.count('tiktoken is great!')).toBe(6);
  });

  it('counts special-token markers typed by a user as text instead of failing', async () => {
    expect(await counter.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts Chinese text', async () => {
    expect(await counter.count('今天天气很好')).toBeGreaterThan(2);
  });

  it('gives the same count as js-tiktoken’s encoder for every script, long unbroken runs included', async () => {
    const reference = new Tiktoken(cl100kBase);
    const samples = [
      ...Object.values(scripts).map((alphabet) => unbrokenRun(alphabet, 500)),
      'The quick brown fox — jumps over 1234567 lazy dogs. Don’t stop!\r\n\r\n    indented\tcode();',
      ' '.repeat(300) + 'x' + '\n'.repeat(300) + '!!!???'.repeat(100),
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ];
    for (const text of samples) expect(await counter.count(text)).toBe(reference.encode(text, [], []).length);
  });

  it('answers each of several concurrent counts with its own text’s count', async () => {
    const texts = ['hello world', 'tiktoken is great!', '', 'hello world'];
    expect(await Promise.all(texts.map((text) => counter.count(text)))).toEqual([2, 6, 0, 2]);
  });
});

describe('the token worker and the main thread', () => {
  it('leaves the event loop idle while it loads the ranks and counts 200,000 CJK characters', async () => {
    const counter = createTokenCounter(quiet);
    const text = unbrokenRun(scripts.cjk, 200_000);
    const before = performance.eventLoopUtilization();
    try {
      expect(await counter.count(text)).toBeGreaterThan(200_000);
    } finally {
      await counter.close();
    }
    // The share of the count's time the event loop spent working rather than waiting: counting on
    // it, even in slices with a turn between them, kept it 98–100% busy; the worker leaves 1–3%.
    // (Not the longest gap between timers: on a loaded machine that runs past 50 ms while idle.)
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.1);
  });

  it('fails the counts of a worker that died, logs why, and starts another for the next count', async () => {
    const { lines, log } = bufferLogger();
    const started: Worker[] = [];
    const counter = createTokenCounter(log, () => {
      started.push(startTokenWorker());
      return started.at(-1)!;
    });
    try {
      const lost = expect(counter.count(unbrokenRun(scripts.cjk, 200_000))).rejects.toThrow('the token worker stopped');
      await started[0]!.terminate();
      await lost;
      expect(lines.join('')).toContain('the token worker stopped; its pending counts fail');
      expect(await counter.count('tiktoken is great!')).toBe(6);
      expect(started).toHaveLength(2);
    } finally {
      await counter.close();
    }
  });

  it('fails the counts still pending when closed, without logging an error', async () => {
    const { lines, log } = bufferLogger();
    const counter = createTokenCounter(log);
    const failed = expect(counter.count(unbrokenRun(scripts.cjk, 200_000))).rejects.toThrow('the token counter is closed');
    await counter.close();
    await failed;
    expect(lines).toEqual([]);
  });

  it('keeps a process alive while a count is pending, and not after', async () => {
    // Counts twice, the second time after a turn with the worker idle, and never closes the
    // counter: the script must print both counts, then exit by itself.
    const printed = await countInChildProcess([
      `console.log(await counter.count('hello world'));`,
      `await new Promise((resolve) => setImmediate(resolve));`,
      `console.log(await counter.count('tiktoken is great!'));`,
    ]);
    expect(printed).toEqual(['2', '6']);
  });

  it('runs none of the process’s preloads in its thread (the test stack’s orphan guard stopped the server there)', async () => {
    const mainThreadOnly = `data:text/javascript,import { isMainThread } from 'node:worker_threads'; if (!isMainThread) throw new Error('a preload ran in the token worker');`;
    expect(await countInChildProcess([`console.log(await counter.count('hello world'));`], ['--import', mainThreadOnly])).toEqual(['2']);
  });
});
