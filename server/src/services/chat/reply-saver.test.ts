import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplySaveBatch } from './reply-saver.ts';

// The batch runs on timers (the tick, setImmediate for saveNow); a fake clock moves them exactly,
// so the counts below are exact instead of depending on how busy the machine is.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
/** Moves the fake clock, running every timer due and the writes they start. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A batch that records each statement's rows; `fail` decides which writes throw. */
function recordingBatch(intervalMs: number, fail: (rows: string[]) => boolean = () => false) {
  const statements: string[][] = [];
  const single: string[] = [];
  const batch = createReplySaveBatch<string>(
    async (rows) => {
      statements.push(rows);
      if (fail(rows)) throw new Error('database busy');
    },
    async (row) => {
      single.push(row);
      if (fail([row])) throw new Error('database busy');
    },
    intervalMs,
  );
  return { batch, statements, single };
}

describe('createReplySaveBatch', () => {
  it('writes many changes within one interval as a single save, not one per delta', async () => {
    const { batch, statements } = recordingBatch(100);
    const saver = batch.track(() => 'a');
    for (let i = 0; i < 50; i++) saver.touch();
    await elapse(150);
    expect(statements).toEqual([['a']]);
    await elapse(150);
    expect(statements).toHaveLength(1);
    saver.touch();
    await elapse(120);
    expect(statements).toHaveLength(2);
    await saver.stop();
  });

  it('writes every changed reply of a tick in one statement, with the text as of the write', async () => {
    const { batch, statements } = recordingBatch(60);
    let text = 'b1';
    const a = batch.track(() => 'a');
    const b = batch.track(() => text);
    const c = batch.track(() => 'c');
    a.touch();
    b.touch();
    text = 'b2';
    await elapse(90);
    expect(statements).toEqual([['a', 'b2']]);
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  });

  it('saves a changing reply at least once per interval while it streams', async () => {
    const { batch, statements } = recordingBatch(50);
    const saver = batch.track(() => 'a');
    for (let elapsed = 0; elapsed < 280; elapsed += 5) {
      saver.touch();
      await elapse(5);
    }
    await saver.stop();
    // Ticks at 50, 100, 150, 200 and 250 ms each found the reply changed.
    expect(statements).toHaveLength(5);
  });

  it('never overlaps writes and lets the final write wait for the one in flight', async () => {
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    // Each write runs until the test lets it finish.
    const inFlight: Array<() => void> = [];
    const batch = createReplySaveBatch<string>(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((finish) => inFlight.push(finish));
        running--;
        finished++;
      },
      async () => undefined,
      40,
    );
    const saver = batch.track(() => 'a');
    saver.touch();
    await elapse(50);
    saver.touch();
    await elapse(50);
    // The first write (from the tick at 40 ms) is still running; the second (tick at 80 ms) waits for it, and stop for both.
    expect(inFlight).toHaveLength(1);
    let stoppedYet = false;
    const stopped = saver.stop().then((stored) => ((stoppedYet = true), stored));
    inFlight.shift()!();
    await elapse(0);
    expect(inFlight).toHaveLength(1);
    expect(stoppedYet).toBe(false);
    inFlight.shift()!();
    expect(await stopped).toBe(true);
    expect(maxRunning).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBe(2);
  });

  it('writes replies asking saveNow in the same turn together at once (the placeholders with their first tokens)', async () => {
    const { batch, statements } = recordingBatch(10_000);
    const a = batch.track(() => 'a');
    const b = batch.track(() => 'b');
    a.saveNow();
    b.saveNow();
    await elapse(0);
    await a.stop();
    await b.stop();
    expect(statements).toEqual([['a', 'b']]);
  });

  it('tells on stop whether the reply was ever written', async () => {
    const { batch } = recordingBatch(10_000, (rows) => rows.includes('failing'));
    const written = batch.track(() => 'written');
    const failing = batch.track(() => 'failing');
    const never = batch.track(() => 'never');
    written.saveNow();
    failing.saveNow();
    await elapse(0);
    expect(await Promise.all([written.stop(), failing.stop(), never.stop()])).toEqual([true, false, false]);
  });

  it('writes only the replies asking saveNow at once, leaving the other changed ones to the tick', async () => {
    const { batch, statements } = recordingBatch(10_000);
    const streaming = batch.track(() => 'streaming');
    const starting = batch.track(() => 'starting');
    streaming.touch();
    starting.saveNow();
    await elapse(0);
    expect(statements).toEqual([['starting']]);
    await Promise.all([streaming.stop(), starting.stop()]);
  });

  it('retries a failed batch row by row, so one bad row does not hold back the others, and the bad one on the next tick', async () => {
    let badFails = 1;
    const { batch, statements, single } = recordingBatch(50, (rows) => rows.includes('bad') && (rows.length > 1 || badFails-- > 0));
    const good = batch.track(() => 'good');
    const bad = batch.track(() => 'bad');
    good.touch();
    bad.touch();
    await elapse(130);
    await Promise.all([good.stop(), bad.stop()]);
    expect(statements[0]).toEqual(['good', 'bad']);
    expect(single).toEqual(['good', 'bad']);
    expect(statements[1]).toEqual(['bad']);
  });

  it('hands each write of a row what the last successful write answered for it, a row-by-row retry included', async () => {
    const seen: (number | undefined)[][] = [];
    let failing = false;
    const batch = createReplySaveBatch<string, number>(
      async (rows, marks) => {
        seen.push(marks);
        if (failing) throw new Error('database busy');
        return rows.map((row) => row.length);
      },
      async (row) => row.length * 10,
      50,
    );
    let text = 'a';
    const saver = batch.track(() => text);
    saver.touch();
    await elapse(50);
    text = 'ab';
    failing = true;
    saver.touch();
    await elapse(50);
    text = 'abc';
    failing = false;
    saver.touch();
    await elapse(50);
    await saver.stop();
    // No mark before the first write; 1 from it; 20 from the retry of the failed batch.
    expect(seen).toEqual([[undefined], [1], [20]]);
  });
});

