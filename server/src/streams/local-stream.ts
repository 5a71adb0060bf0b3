import { FrameBlock } from './frame-block.ts';
import { storedFrame, type StreamFrame, type StreamInfo, type StreamListener, type Subscription } from './stream-registry.ts';

/** Frames kept as objects before they are packed into a block: what a resume most often asks for is recent. */
const BLOCK_FRAMES = 512;

/**
 * One stream as the process running it holds it: its frames numbered from 0 and kept for
 * replay, handed to this process's listeners as they are appended. Both registries keep the
 * streams they run this way; the Redis one also copies the frames out for other instances.
 * Frames are packed into blocks (frame-block.ts) as they age, and all of them once the last is in,
 * for the time the stream stays replayable: a few hundred live and finished 100 KB replies held
 * gigabytes as one object per frame, and tens of MB as one JSON text per stream.
 */
export class LocalStream {
  private readonly blocks: FrameBlock[] = [];
  private recent: StreamFrame[] = [];
  private count = 0;
  readonly startedAt = Date.now();
  ended = false;
  private readonly listeners = new Set<StreamListener>();

  constructor(readonly info: StreamInfo) {}

  /** Not ended, and younger than the longest a stream may run. */
  isLive(maxLifetimeMs: number): boolean {
    return !this.ended && Date.now() - this.startedAt < maxLifetimeMs;
  }

  /** Listeners on this process receiving the frames as they come. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Memory held for the replay of a finished stream (0 while it runs). */
  get replayBytes(): number {
    return this.ended ? this.blocks.reduce((sum, block) => sum + block.bytes, 0) : 0;
  }

  private pack(): void {
    if (this.recent.length === 0) return;
    this.blocks.push(new FrameBlock(this.count - this.recent.length, this.recent));
    this.recent = [];
  }

  /** Numbers, keeps and hands on a frame; the last one ends the stream and lets its listeners go. */
  append(event: StreamFrame['event'], json: string, last: boolean): StreamFrame {
    const frame = storedFrame(this.count++, event, json, last);
    this.recent.push(frame);
    for (const listener of this.listeners) listener(frame);
    if (last) {
      this.ended = true;
      this.listeners.clear();
      this.pack();
    } else if (this.recent.length >= BLOCK_FRAMES) {
      this.pack();
    }
    return frame;
  }

  /**
   * Replays the frames after `after`, then hands on new ones until the last. The last frame of a
   * finished stream comes even to a reader that has it already, so a resume of a finished stream
   * always ends (as the Redis registry does, whose final for a dead instance may be numbered below what its client saw).
   */
  subscribe(after: number, listener: StreamListener): Subscription {
    const from = this.ended ? Math.min(Math.max(0, after + 1), this.count - 1) : Math.max(0, after + 1);
    for (const block of this.blocks) {
      for (let seq = Math.max(from, block.first); seq < block.first + block.count; seq++) listener(block.frame(seq, this.ended && seq === this.count - 1));
    }
    for (const frame of this.recent) if (frame.seq >= from) listener(frame);
    if (this.ended) return { close() {} };
    this.listeners.add(listener);
    return { close: () => this.listeners.delete(listener) };
  }
}
