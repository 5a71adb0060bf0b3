import type { PluginInfo } from '@parley/core';
import { create } from 'zustand';

interface StreamingState {
  /** The reply being streamed, or null. Only that message's body subscribes to this store. */
  messageId: string | null;
  text: string;
  reasoning: string;
  /** The plugin agent's steps so far (each delta carries them all). */
  plugins: PluginInfo[];
  /** The last delta's `seq`, so a replayed or duplicated frame is not appended twice. */
  lastSeq: number;
}

export const useStreamingStore = create<StreamingState>()(() => ({ messageId: null, text: '', reasoning: '', plugins: [], lastSeq: 0 }));

let pending = { text: '', reasoning: '' };
let frame: number | null = null;

function flush() {
  frame = null;
  const { text, reasoning } = pending;
  pending = { text: '', reasoning: '' };
  if (!text && !reasoning) return;
  useStreamingStore.setState((s) => ({ text: s.text + text, reasoning: s.reasoning + reasoning }));
}

/**
 * Writes to the streaming text. Deltas are batched per animation frame: a fast model sends
 * many small deltas, and one render per frame is all the eye can see.
 */
export const streaming = {
  /** A continued or resumed reply starts from what it already has: its text, reasoning and agent steps. */
  start(messageId: string, prefix = '', reasoningPrefix = '', plugins: PluginInfo[] = []) {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    pending = { text: '', reasoning: '' };
    useStreamingStore.setState({ messageId, text: prefix, reasoning: reasoningPrefix, plugins, lastSeq: 0 });
  },
  /** Appends a delta in `seq` order; returns false for a frame already seen. */
  append(seq: number, delta: string, reasoningDelta = '', plugins?: PluginInfo[]): boolean {
    const state = useStreamingStore.getState();
    if (seq <= state.lastSeq) return false;
    useStreamingStore.setState(plugins ? { lastSeq: seq, plugins } : { lastSeq: seq });
    pending.text += delta;
    pending.reasoning += reasoningDelta;
    frame ??= requestAnimationFrame(flush);
    return true;
  },
  /** What arrived so far, including deltas not yet painted. */
  snapshot(): { text: string; reasoning: string; plugins: PluginInfo[] } {
    const state = useStreamingStore.getState();
    return { text: state.text + pending.text, reasoning: state.reasoning + pending.reasoning, plugins: state.plugins };
  },
  stop() {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    pending = { text: '', reasoning: '' };
    useStreamingStore.setState({ messageId: null, text: '', reasoning: '', plugins: [], lastSeq: 0 });
  },
};
