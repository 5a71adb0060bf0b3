import { storedFrame, type StreamFrame, type StreamInfo, type StreamListener, type Subscription } from './stream-registry.ts';

const MESSAGE = 0;
const ERROR = 1;

/**
 * A finished stream's frames as resume replays them: every frame's JSON joined into one text,
 * with where each ends and its event. A 100 KB reply arrives as thousands of small frames; kept
 * one object each, a few hundred finished replies held gigabytes until they expired.
 */
class JoinedFrames {
  private readonly text: string;
  private readonly ends: Uint32Array;
  private readonly events: Uint8Array;

  constructor(frames: readonly StreamFrame[]) {
    this.text = frames.map((frame) => frame.json).join('');
    this.ends = new Uint32Array(frames.length);
    this.events = new Uint8Array(frames.length);
    let end = 0;
    frames.forEach((frame, seq) => {
      end += frame.json.length;
      this.ends[seq] = end;
      this.events[seq] = frame.event === 'error' ? ERROR : MESSAGE;
    });
  }

  /** What this takes in memory, at most: two bytes a character, and the two tables. */
  get bytes(): number {
    return this.text.length * 2 + this.ends.byteLength + this.events.byteLength;
  }

  /**
   * Hands on the frames after `after`, the last one flagged as such. The last frame comes even
   * to a reader that has it already, so a resume of a finished stream always ends (as the Redis
   * registry does, whose final for a dead instance may be numbered below what its client saw).
   */
  replay(after: number, listener: StreamListener): void {
    const count = this.ends.length;
    for (let seq = Math.min(Math.max(0, after + 1), count - 1); seq < count; seq++) {
      const start = seq === 0 ? 0 : this.ends[seq - 1]!;
      const event = this.events[seq] === ERROR ? 'error' : 'message';
      listener(storedFrame(seq, event, this.text.slice(start, this.ends[seq]), seq === count - 1));
    }
  }
}

/**
 * One stream as the process running it holds it: its frames numbered from 0 and kept for
 * replay, handed to this process's listeners as they are appended. Both registries keep the
 * streams they run this way; the Redis one also copies the frames out for other instances.
 * Once the last frame is in, the frames are joined into one text for the time the stream stays replayable.
 */
export class LocalStream {
  private frames: StreamFrame[] = [];
  private joined: JoinedFrames | undefined;
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
    return this.joined?.bytes ?? 0;
  }

  /** Numbers, keeps and hands on a frame; the last one ends the stream and lets its listeners go. */
  append(event: StreamFrame['event'], json: string, last: boolean): StreamFrame {
    const frame = storedFrame(this.frames.length, event, json, last);
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    if (last) {
      this.ended = true;
      this.listeners.clear();
      this.joined = new JoinedFrames(this.frames);
      this.frames = [];
    }
    return frame;
  }

  /** Replays the frames after `after`, then hands on new ones until the last. */
  subscribe(after: number, listener: StreamListener): Subscription {
    if (this.joined) {
      this.joined.replay(after, listener);
      return { close() {} };
    }
    for (const frame of this.frames) if (frame.seq > after) listener(frame);
    this.listeners.add(listener);
    return { close: () => this.listeners.delete(listener) };
  }
}
