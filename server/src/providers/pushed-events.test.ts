import { describe, expect, it } from 'vitest';
import { PushedEvents } from './pushed-events.ts';

function source() {
  const calls: string[] = [];
  return { calls, pause: () => calls.push('pause'), resume: () => calls.push('resume'), close: () => calls.push('close') };
}

describe('PushedEvents', () => {
  it('hands a reader the items pushed before and while it waits, in order, then the end', async () => {
    const events = new PushedEvents<number>(source());
    events.push(1);
    events.push(2);
    const read: number[] = [];
    const reading = (async () => {
      for await (const item of events) read.push(item);
    })();
    await Promise.resolve();
    events.push(3);
    events.end();
    events.push(4);
    await reading;
    expect(read).toEqual([1, 2, 3]);
  });

  it('fails the reader only after the items pushed before the failure, and once', async () => {
    const events = new PushedEvents<string>(source());
    events.push('a');
    events.fail(new Error('cut'));
    expect(await events.next()).toEqual({ value: 'a', done: false });
    await expect(events.next()).rejects.toThrow('cut');
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });

  it('fails a waiting reader at once', async () => {
    const events = new PushedEvents<string>(source());
    const waiting = events.next();
    events.fail(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
  });

  it('pauses its source past the high-water mark and resumes it once the reader caught up', async () => {
    const pushing = source();
    const events = new PushedEvents<number>(pushing, 3);
    for (const item of [1, 2, 3, 4]) events.push(item);
    expect(pushing.calls).toEqual(['pause']);
    for (let read = 0; read < 3; read++) await events.next();
    expect(pushing.calls).toEqual(['pause']);
    await events.next();
    expect(pushing.calls).toEqual(['pause', 'resume']);
  });

  it('closes a source still pushing when the reader stops, and not one that ended', async () => {
    const open = source();
    const stopped = new PushedEvents<number>(open);
    stopped.push(1);
    for await (const _item of stopped) break;
    expect(open.calls).toEqual(['close']);
    expect(await stopped.next()).toEqual({ value: undefined, done: true });

    const ended = source();
    const whole = new PushedEvents<number>(ended);
    whole.push(1);
    whole.end();
    for await (const _item of whole) break;
    expect(ended.calls).toEqual([]);
  });
});
