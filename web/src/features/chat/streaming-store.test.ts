import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streaming, useStreamingStore } from './streaming-store.ts';

beforeAll(() => {
  // The store paints once per animation frame; Node has no frames, so a timer stands in.
  globalThis.requestAnimationFrame ??= (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0) as unknown as number;
  globalThis.cancelAnimationFrame ??= (id: number) => clearTimeout(id);
});

afterEach(() => streaming.stop());

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('streaming text (only the streaming message reads it)', () => {
  it('appends deltas in seq order after the continued prefix, batching them into one paint', async () => {
    streaming.start('r1', 'Once ');
    expect(streaming.append(1, 'upon ')).toBe(true);
    expect(streaming.append(2, 'a time', 'thinking')).toBe(true);
    expect(useStreamingStore.getState().text).toBe('Once ');
    expect(streaming.snapshot()).toEqual({ text: 'Once upon a time', reasoning: 'thinking' });
    await nextFrame();
    expect(useStreamingStore.getState()).toMatchObject({ messageId: 'r1', text: 'Once upon a time', reasoning: 'thinking' });
  });

  it('goes on from a continued reply’s reasoning as well as its text', () => {
    streaming.start('r1', 'Once ', 'Counting. ');
    streaming.append(1, 'upon', 'Go on.');
    expect(streaming.snapshot()).toEqual({ text: 'Once upon', reasoning: 'Counting. Go on.' });
  });

  it('drops a frame it has already seen (a resumed stream replays from the last id)', async () => {
    streaming.start('r1');
    streaming.append(1, 'a');
    expect(streaming.append(1, 'a')).toBe(false);
    await nextFrame();
    expect(useStreamingStore.getState().text).toBe('a');
  });
});
