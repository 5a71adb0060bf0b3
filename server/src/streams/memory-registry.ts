import { LocalStream } from './local-stream.ts';
import {
  defaultMaxLifetimeMs,
  defaultMaxReplayBytes,
  defaultRetainMs,
  type CreateResult,
  type StreamRegistry,
  type StreamRegistryOptions,
  type Subscription,
} from './stream-registry.ts';

interface Entry {
  stream: LocalStream;
  abortHandlers: Set<() => void>;
  /** The reply ended (`endsReply`): the stream only waits for its last frame. */
  replyEnded?: boolean;
  expiry?: NodeJS.Timeout;
}

/**
 * The single-instance registry: everything in this process's memory. Finished streams stay
 * replayable for `retainMs`, within `maxReplayBytes` in all: past it the oldest finished go first.
 */
export function createMemoryStreamRegistry(options: StreamRegistryOptions = {}): StreamRegistry {
  const retainMs = options.retainMs ?? defaultRetainMs;
  const maxLifetimeMs = options.maxLifetimeMs ?? defaultMaxLifetimeMs;
  const maxReplayBytes = options.maxReplayBytes ?? defaultMaxReplayBytes;
  const streams = new Map<string, Entry>();
  // Each user's streams that have not ended, in the order they started. Every stream start
  // counts them; scanning every stream kept for replay made each start cost more the more
  // streams had run (a 500-stream burst spent its time there).
  const running = new Map<string, Set<Entry>>();
  // Finished streams in the order they finished, with the bytes their replay holds.
  const finished = new Map<string, number>();
  let finishedBytes = 0;

  const forget = (streamId: string) => {
    const entry = streams.get(streamId);
    clearTimeout(entry?.expiry);
    streams.delete(streamId);
    if (entry) stopRunning(entry);
    finishedBytes -= finished.get(streamId) ?? 0;
    finished.delete(streamId);
  };
  const keepFinished = (streamId: string, bytes: number) => {
    finished.set(streamId, bytes);
    finishedBytes += bytes;
    for (const oldest of finished.keys()) {
      if (finishedBytes <= maxReplayBytes) break;
      forget(oldest);
    }
  };

  const isLive = (entry: Entry) => entry.stream.isLive(maxLifetimeMs);
  const liveEntry = (streamId: string): Entry => {
    const entry = streams.get(streamId);
    if (!entry || entry.stream.ended) throw new Error(`stream ${streamId} is not live`);
    return entry;
  };
  const liveOf = (userId: string) => {
    const entries = running.get(userId);
    if (!entries) return 0;
    // Oldest first: those past the longest a stream may run stop counting for good.
    for (const entry of entries) {
      if (isLive(entry)) break;
      entries.delete(entry);
    }
    if (entries.size === 0) running.delete(userId);
    return entries.size;
  };
  const stopRunning = (entry: Entry) => {
    const { userId } = entry.stream.info;
    const entries = running.get(userId);
    entries?.delete(entry);
    if (entries?.size === 0) running.delete(userId);
  };
  const expireLater = (streamId: string, entry: Entry, ms: number) => {
    clearTimeout(entry.expiry);
    entry.expiry = setTimeout(() => forget(streamId), ms);
    entry.expiry.unref();
  };

  return {
    async create(info, limit): Promise<CreateResult> {
      const live = liveOf(info.userId);
      if (live >= limit) return { ok: false, live };
      const entry: Entry = { stream: new LocalStream(info), abortHandlers: new Set() };
      streams.set(info.streamId, entry);
      running.set(info.userId, (running.get(info.userId) ?? new Set()).add(entry));
      expireLater(info.streamId, entry, maxLifetimeMs + retainMs);
      return { ok: true };
    },

    appendLive(streamId, json) {
      return liveEntry(streamId).stream.append('message', json, false).seq;
    },

    async append(streamId, { event, data, last = false, endsReply = false }) {
      const entry = liveEntry(streamId);
      const frame = entry.stream.append(event, JSON.stringify(data), last);
      if (last || endsReply) {
        entry.replyEnded = true;
        stopRunning(entry);
        entry.abortHandlers.clear();
      }
      if (last) {
        expireLater(streamId, entry, retainMs);
        keepFinished(streamId, entry.stream.replayBytes);
      }
      return frame.seq;
    },

    async subscribe(streamId, after, listener) {
      return streams.get(streamId)?.stream.subscribe(after, listener) ?? null;
    },

    async find(userId, key) {
      const direct = streams.get(key)?.stream;
      if (direct?.info.userId === userId) return direct.info;
      let newest: LocalStream | undefined;
      for (const { stream } of streams.values()) {
        if (stream.info.userId !== userId || stream.info.conversationId !== key) continue;
        if (!newest || stream.startedAt >= newest.startedAt) newest = stream;
      }
      return newest?.info ?? null;
    },

    async requestAbort(streamId) {
      const entry = streams.get(streamId);
      if (!entry || entry.replyEnded || !isLive(entry)) return false;
      for (const handler of entry.abortHandlers) handler();
      return true;
    },

    onAbort(streamId, handler): Subscription {
      const entry = streams.get(streamId);
      entry?.abortHandlers.add(handler);
      return { close: () => entry?.abortHandlers.delete(handler) };
    },

    async hasReader(streamId) {
      return (streams.get(streamId)?.stream.listenerCount ?? 0) > 0;
    },

    async liveCount(userId) {
      return liveOf(userId);
    },

    async liveTotal() {
      let total = 0;
      for (const userId of [...running.keys()]) total += liveOf(userId);
      return total;
    },

    // Every stream here runs in this process: while it is known, its instance is alive.
    async isRunning(streamId) {
      const entry = streams.get(streamId);
      return entry !== undefined && isLive(entry);
    },

    async endDead() {
      return null;
    },

    async close() {
      for (const entry of streams.values()) clearTimeout(entry.expiry);
      streams.clear();
      finished.clear();
      finishedBytes = 0;
      running.clear();
    },
  };
}
