// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streaming, usePaintedStreaming, useStreamingStore } from './streaming-store.ts';

/** Animation frames the test paints by hand, so "one paint per frame" is checked exactly. */
const frames = new Map<number, FrameRequestCallback>();
let lastFrameId = 0;
const original = { request: globalThis.requestAnimationFrame, cancel: globalThis.cancelAnimationFrame };
beforeAll(() => {
  globalThis.requestAnimationFrame = (callback) => {
    frames.set(++lastFrameId, callback);
    return lastFrameId;
  };
  globalThis.cancelAnimationFrame = (id) => void frames.delete(id);
});
afterAll(() => {
  Object.assign(globalThis, { requestAnimationFrame: original.request, cancelAnimationFrame: original.cancel });
});

afterEach(() => streaming.stop());

/** Runs the frame callbacks requested so far; answers how many there were. */
function nextFrame(): number {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(0);
  return due.length;
}

describe('streaming text (only the streaming message reads it)', () => {
  it('appends deltas in seq order after the continued prefix, held at once in the one store', () => {
    streaming.start('r1', 'Once ');
    expect(streaming.append(1, 'upon ')).toBe(true);
    expect(streaming.append(2, 'a time', 'thinking')).toBe(true);
    expect(streaming.snapshot()).toEqual({ text: 'Once upon a time', reasoning: 'thinking', plugins: [] });
    expect(useStreamingStore.getState()).toMatchObject({ messageId: 'r1', text: 'Once upon a time', reasoning: 'thinking' });
  });

  it('repaints the streaming body once per animation frame, however many deltas came in it', () => {
    streaming.start('r1');
    const painted: string[] = [];
    const { unmount } = renderHook(() => painted.push(usePaintedStreaming().text));
    expect(painted).toEqual(['']);
    act(() => {
      streaming.append(1, 'a');
      streaming.append(2, 'b');
      streaming.append(3, 'c');
    });
    expect(painted).toEqual(['']);
    act(() => void nextFrame());
    expect(painted).toEqual(['', 'abc']);
    act(() => void streaming.append(4, 'd'));
    expect(frames.size).toBe(1);
    unmount();
    // Gone from the page: its pending repaint is called off.
    expect(frames.size).toBe(0);
  });

  it('goes on from a continued reply’s reasoning as well as its text', () => {
    streaming.start('r1', 'Once ', 'Counting. ');
    streaming.append(1, 'upon', 'Go on.');
    expect(streaming.snapshot()).toEqual({ text: 'Once upon', reasoning: 'Counting. Go on.', plugins: [] });
  });

  it('starts a resumed reply with the agent steps that had arrived, and keeps them in its snapshot', () => {
    const step = { latest: 'calculator', loading: false, inputs: [{ input: '2+3*4' }], outputs: '14' };
    streaming.start('r1', '', '', [step]);
    expect(useStreamingStore.getState().plugins).toEqual([step]);
    streaming.append(1, 'It is');
    expect(streaming.snapshot().plugins).toEqual([step]);
    const next = { latest: 'calculator', loading: true, inputs: [{ input: '14*2' }] };
    streaming.append(2, '', '', [step, next]);
    expect(streaming.snapshot().plugins).toEqual([step, next]);
  });

  it('drops a frame it has already seen (a resumed stream replays from the last id)', () => {
    streaming.start('r1');
    streaming.append(1, 'a');
    expect(streaming.append(1, 'a')).toBe(false);
    expect(useStreamingStore.getState().text).toBe('a');
  });
});
