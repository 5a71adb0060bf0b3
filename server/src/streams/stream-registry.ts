import type { ChatFrame } from '@parley/core';

/**
 * Live chat streams (and the API's background responses), shared by every app instance: the frames of each stream (so a client can
 * resume after a dropped connection), abort requests (so abort works from any instance), and
 * the per-user count of live streams (so the concurrency limit holds across instances).
 */
export interface StreamFrame {
  /** 0 for the first frame, then +1 per frame; sent as the SSE `id`. */
  seq: number;
  event: 'message' | 'error';
  /** The data as JSON, serialised once when appended: relayed as is, and all that is kept for resume. */
  json: string;
  /** The data itself, parsed from `json` when read (only the abort answer reads it). */
  readonly data: unknown;
  /** The stream's terminal frame: nothing follows it. */
  last: boolean;
}

/** A frame holding only its JSON text: one string per frame instead of an object tree. */
class StoredFrame implements StreamFrame {
  constructor(
    readonly seq: number,
    readonly event: StreamFrame['event'],
    readonly json: string,
    readonly last: boolean,
  ) {}

  get data(): unknown {
    return JSON.parse(this.json);
  }
}

// A class keeps one shape for every frame; an object literal with a getter cost a new accessor per frame.
export function storedFrame(seq: number, event: StreamFrame['event'], json: string, last: boolean): StreamFrame {
  return new StoredFrame(seq, event, json, last);
}

export interface StreamInfo {
  streamId: string;
  userId: string;
  conversationId: string;
  /** The message id the reply is saved under while it streams: what is left of it if its instance dies. */
  replyId?: string;
}

/**
 * A frame to append. `last` ends the stream. `endsReply` ends only the reply (a new
 * conversation's `final`, its title still to come): the stream stops counting as live and can no
 * longer be aborted, but stays open for the frames that follow until the last.
 */
type AppendedFrame = (ChatFrame | ApiEventFrame) & { last?: boolean; endsReply?: boolean };

/** An API stream's event (a background Responses call): its dialect's event object, relayed as its JSON. */
export interface ApiEventFrame {
  event: 'message';
  data: { type: string; sequence_number: number };
}

export type StreamListener = (frame: StreamFrame) => void;

export interface Subscription {
  close(): void;
}

export type CreateResult = { ok: true } | { ok: false; live: number };

export interface StreamRegistry {
  /** Registers a live stream unless the user already has `limit` live streams (checked atomically). */
  create(info: StreamInfo, limit: number): Promise<CreateResult>;
  /** Adds a frame and returns its seq. `last` ends the stream: it stops counting as live and expires later; `endsReply` only the first. */
  append(streamId: string, frame: AppendedFrame): Promise<number>;
  /**
   * Adds a `message` frame that ends neither the stream nor the reply, given as its JSON, at
   * once: it is numbered, kept and handed to this process's listeners before this returns (the
   * Redis registry's copy goes out with its next batch). Answers its seq; throws when the stream
   * is not live. A reply's every chunk comes this way: no promise to wait on, nothing serialised
   * again.
   */
  appendLive(streamId: string, json: string): number;
  /**
   * Delivers every stored frame with seq > `after`, in order, then the live ones until the last.
   * Null when the stream is unknown or expired.
   */
  subscribe(streamId: string, after: number, listener: StreamListener): Promise<Subscription | null>;
  /** The live or recently ended stream of this user, by stream id or conversation id. */
  find(userId: string, key: string): Promise<StreamInfo | null>;
  /** Asks the instance running the stream to stop it; false when the stream is not live (or its reply ended). */
  requestAbort(streamId: string): Promise<boolean>;
  /** Called on the instance running the stream when any instance requests an abort. */
  onAbort(streamId: string, handler: () => void): Subscription;
  /** Whether any client, on any instance, is receiving the stream's frames now. */
  hasReader(streamId: string): Promise<boolean>;
  /** Live streams of the user (for the concurrency limit). */
  liveCount(userId: string): Promise<number>;
  /** Live streams of every user, on every instance (the console's overview). */
  liveTotal(): Promise<number>;
  /** Resolves when the shared store answers; absent for the in-process registry, which has none. */
  ping?(): Promise<void>;
  /**
   * Whether an instance still runs this stream (it beats for it, see stream-heartbeat.ts).
   * False once the stream ended, or its instance died: then another may end it with `endDead`.
   */
  isRunning(streamId: string): Promise<boolean>;
  /**
   * Ends a live stream whose instance died with `frame` as its last frame, frees its live slot.
   * Answers the frame's seq, or null when the stream ended or its instance beat meanwhile.
   */
  endDead(streamId: string, frame: ChatFrame): Promise<number | null>;
  close(): Promise<void>;
}

export interface StreamRegistryOptions {
  /** How long an ended stream stays replayable. */
  retainMs?: number;
  /** After this long a stream that never ended (its instance died) stops counting as live. */
  maxLifetimeMs?: number;
  /** Memory the in-memory registry may hold for replaying finished streams; the oldest go first past it. */
  maxReplayBytes?: number;
}

export const defaultRetainMs = 5 * 60_000;
export const defaultMaxLifetimeMs = 15 * 60_000;
export const defaultMaxReplayBytes = 16 * 1024 * 1024;

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../app/context.ts' {
  interface AppContext {
    /** Live chat streams (resume, abort, concurrency): memory, or Redis when REDIS_URL is set. */
    streams: StreamRegistry;
  }
}
