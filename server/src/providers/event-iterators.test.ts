import { describe, expect, it } from 'vitest';
import { lazyEvents, noEvents, recovering } from './event-iterators.ts';

async function* items<T>(values: T[], failure?: Error): AsyncGenerator<T> {
  yield* values;
  if (failure) throw failure;
}

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const read: T[] = [];
  for await (const item of iterable) read.push(item);
  return read;
};

describe('lazyEvents', () => {
  it('opens at the first read, not before, and hands on what it opened', async () => {
    let opened = 0;
    const events = lazyEvents(async () => (opened++, items([1, 2])));
    expect(opened).toBe(0);
    expect(await collect(events)).toEqual([1, 2]);
    expect(opened).toBe(1);
  });

  it('fails the first read when opening fails, synchronously or not, and is over after it', async () => {
    const iterator = lazyEvents<number>(() => {
      throw new Error('no key');
    })[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow('no key');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    await expect(collect(lazyEvents(() => Promise.reject(new Error('refused'))))).rejects.toThrow('refused');
  });

  it('never opens when stopped before its first read, and closes what it opened when stopped after', async () => {
    let opened = 0;
    const unread = lazyEvents(() => (opened++, items([1])))[Symbol.asyncIterator]();
    await unread.return!();
    expect(await unread.next()).toEqual({ value: undefined, done: true });
    expect(opened).toBe(0);

    let closed = false;
    const inner = (async function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        closed = true;
      }
    })();
    for await (const _item of lazyEvents(() => inner)) break;
    expect(closed).toBe(true);
  });
});

describe('recovering', () => {
  it('hands on the items, and goes on from what recover answers after a failure', async () => {
    const seen: unknown[] = [];
    const events = recovering(items([1, 2], new Error('429')), (error) => (seen.push((error as Error).message), items([3])));
    expect(await collect(events)).toEqual([1, 2, 3]);
    expect(seen).toEqual(['429']);
  });

  it('fails with what recover throws', async () => {
    const events = recovering(items([1], new Error('raw')), () => {
      throw new Error('redacted');
    });
    await expect(collect(events)).rejects.toThrow('redacted');
  });

  it('ends when recover answers nothing more', async () => {
    expect(await collect(recovering(items([1], new Error('stopped')), () => noEvents))).toEqual([1]);
  });
});
