import { describe, expect, it } from 'vitest';
import { startReplySaver } from './reply-saver.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startReplySaver', () => {
  it('writes many changes within one interval as a single save, not one per delta', async () => {
    let saves = 0;
    const saver = startReplySaver(async () => void saves++, 100);
    for (let i = 0; i < 50; i++) saver.touch();
    await sleep(150);
    expect(saves).toBe(1);
    await sleep(150);
    expect(saves).toBe(1);
    saver.touch();
    await sleep(120);
    expect(saves).toBe(2);
    await saver.stop();
  });

  it('never overlaps writes and lets the final write wait for the one in flight', async () => {
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    const saver = startReplySaver(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await sleep(120);
      running--;
      finished++;
    }, 40);
    saver.touch();
    await sleep(50);
    saver.touch();
    await sleep(50);
    await saver.stop();
    expect(maxRunning).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBe(2);
  });

  it('writes at once on saveNow (the placeholder with the first token) instead of waiting for the tick', async () => {
    let saves = 0;
    const saver = startReplySaver(async () => void saves++, 10_000);
    saver.touch();
    saver.saveNow();
    await saver.stop();
    expect(saves).toBe(1);
  });

  it('retries a failed write on the next tick', async () => {
    let attempts = 0;
    const saver = startReplySaver(async () => {
      attempts++;
      if (attempts === 1) throw new Error('database busy');
    }, 50);
    saver.touch();
    await sleep(130);
    await saver.stop();
    expect(attempts).toBe(2);
  });
});
