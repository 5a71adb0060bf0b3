import { storedFrame, type StreamFrame, type StreamInfo, type StreamListener, type Subscription } from './stream-registry.ts';

/**
 * One stream as the process running it holds it: its frames numbered from 0 and kept for
 * replay, handed to this process's listeners as they are appended. Both registries keep the
 * streams they run this way; the Redis one also copies the frames out for other instances.
 */
export class LocalStream {
  readonly frames: StreamFrame[] = [];
  readonly startedAt = Date.now();
  ended = false;
  private readonly listeners = new Set<StreamListener>();

  constructor(readonly info: StreamInfo) {}

  /** Not ended, and younger than the longest a stream may run. */
  isLive(maxLifetimeMs: number): boolean {
    return !this.ended && Date.now() - this.startedAt < maxLifetimeMs;
  }

  /** Numbers, keeps and hands on a frame; the last one ends the stream and lets its listeners go. */
  append(event: StreamFrame['event'], json: string, last: boolean): StreamFrame {
    const frame = storedFrame(this.frames.length, event, json, last);
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    if (last) {
      this.ended = true;
      this.listeners.clear();
    }
    return frame;
  }

  /** Replays the frames after `after`, then hands on new ones until the last. */
  subscribe(after: number, listener: StreamListener): Subscription {
    for (const frame of this.frames) if (frame.seq > after) listener(frame);
    if (this.ended) return { close() {} };
    this.listeners.add(listener);
    return { close: () => this.listeners.delete(listener) };
  }
}
