import { describe, expect, it } from 'vitest';
import { startEarly } from './early-start.ts';

async function* counted(log: string[]) {
  try {
    for (const n of [1, 2, 3]) {
      log.push(`produce ${n}`);
      yield n;
    }
  } finally {
    log.push('closed');
  }
}

describe('startEarly', () => {
  it('starts the first step at once, and the reader gets every item in order', async () => {
    const log: string[] = [];
    const early = startEarly(Promise.resolve(counted(log)));
    await Promise.resolve();
    expect(log).toEqual(['produce 1']);
    const read: number[] = [];
    for await (const n of early.events) read.push(n);
    expect(read).toEqual([1, 2, 3]);
    expect(log).toEqual(['produce 1', 'produce 2', 'produce 3', 'closed']);
  });

  it('a reader that stops early closes the source', async () => {
    const log: string[] = [];
    const early = startEarly(Promise.resolve(counted(log)));
    for await (const n of early.events) if (n === 1) break;
    expect(log).toEqual(['produce 1', 'closed']);
  });

  it('a first step that fails is not unhandled before it is read, and reaches the reader', async () => {
    const failing: AsyncIterator<number> = { next: () => Promise.reject(new Error('upstream refused')) };
    const early = startEarly(Promise.resolve(failing));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(early.events[Symbol.asyncIterator]().next()).rejects.toThrow('upstream refused');
  });

  it('drop waits for the first step and closes the source without reading on', async () => {
    const log: string[] = [];
    const early = startEarly(Promise.resolve(counted(log)));
    await early.drop();
    expect(log).toEqual(['produce 1', 'closed']);
  });

  it('a source that fails to open fails the first read, and drop still does not throw', async () => {
    const early = startEarly<number>(Promise.reject(new Error('no files')));
    await expect(early.events[Symbol.asyncIterator]().next()).rejects.toThrow('no files');
    await expect(early.drop()).resolves.toBeUndefined();
  });

  it('drop never throws, whatever the first step did', async () => {
    const failing: AsyncIterator<number> = { next: () => Promise.reject(new Error('aborted')) };
    await expect(startEarly(Promise.resolve(failing)).drop()).resolves.toBeUndefined();
  });
});
