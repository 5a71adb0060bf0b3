import type { PluginInfo } from '@parley/core';
import { useCallback, useSyncExternalStore } from 'react';
import { create } from 'zustand';

/**
 * The reply being streamed, as it has arrived: the one place the web holds its text while it
 * streams. Everything else reads it here (the streaming body, a reload's checkpoint, a cut
 * reply's last state); the chat store gets the reply only once it ends.
 */
interface StreamingState {
  /** The reply being streamed, or null. Only that message's body subscribes to its text. */
  messageId: string | null;
  text: string;
  reasoning: string;
  /** The plugin agent's steps so far (each delta carries them all). */
  plugins: PluginInfo[];
  /** The last delta's `seq`, so a replayed or duplicated frame is not appended twice. */
  lastSeq: number;
}

export const useStreamingStore = create<StreamingState>()(() => ({ messageId: null, text: '', reasoning: '', plugins: [], lastSeq: 0 }));

const set = useStreamingStore.setState;

/** Writes to the streaming reply. */
export const streaming = {
  /** A continued or resumed reply starts from what it already has: its text, reasoning and agent steps. */
  start(messageId: string, prefix = '', reasoningPrefix = '', plugins: PluginInfo[] = []) {
    set({ messageId, text: prefix, reasoning: reasoningPrefix, plugins, lastSeq: 0 });
  },
  /** Appends a delta in `seq` order; returns false for a frame already seen. */
  append(seq: number, delta: string, reasoningDelta = '', plugins?: PluginInfo[]): boolean {
    if (seq <= useStreamingStore.getState().lastSeq) return false;
    set((s) => ({ lastSeq: seq, text: s.text + delta, reasoning: s.reasoning + reasoningDelta, ...(plugins ? { plugins } : {}) }));
    return true;
  },
  /** What arrived so far. */
  snapshot(): { text: string; reasoning: string; plugins: PluginInfo[] } {
    const { text, reasoning, plugins } = useStreamingStore.getState();
    return { text, reasoning, plugins };
  },
  stop() {
    set({ messageId: null, text: '', reasoning: '', plugins: [], lastSeq: 0 });
  },
};

/**
 * The streaming reply for the body that draws it, re-read at most once per animation frame: a
 * fast model sends many small deltas, and one render per frame is all the eye can see.
 */
export function usePaintedStreaming(): StreamingState {
  const subscribe = useCallback((onChange: () => void) => {
    let frame: number | null = null;
    const unsubscribe = useStreamingStore.subscribe(() => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        onChange();
      });
    });
    return () => {
      unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, []);
  return useSyncExternalStore(subscribe, useStreamingStore.getState);
}
