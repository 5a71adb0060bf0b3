import {
  defaultMaxLifetimeMs,
  defaultRetainMs,
  storedFrame,
  type CreateResult,
  type StreamFrame,
  type StreamInfo,
  type StreamListener,
  type StreamRegistry,
  type StreamRegistryOptions,
  type Subscription,
} from './stream-registry.ts';

interface Entry {
  info: StreamInfo;
  frames: StreamFrame[];
  listeners: Set<StreamListener>;
  abortHandlers: Set<() => void>;
  ended: boolean;
  startedAt: number;
  expiry?: NodeJS.Timeout;
}

/** The single-instance registry: everything in this process's memory. */
export function createMemoryStreamRegistry(options: StreamRegistryOptions = {}): StreamRegistry {
  const retainMs = options.retainMs ?? defaultRetainMs;
  const maxLifetimeMs = options.maxLifetimeMs ?? defaultMaxLifetimeMs;
  const streams = new Map<string, Entry>();

  const isLive = (entry: Entry) => !entry.ended && Date.now() - entry.startedAt < maxLifetimeMs;
  const expireLater = (streamId: string, entry: Entry, ms: number) => {
    clearTimeout(entry.expiry);
    entry.expiry = setTimeout(() => streams.delete(streamId), ms);
    entry.expiry.unref();
  };

  return {
    async create(info, limit): Promise<CreateResult> {
      const live = [...streams.values()].filter((e) => e.info.userId === info.userId && isLive(e)).length;
      if (live >= limit) return { ok: false, live };
      const entry: Entry = { info, frames: [], listeners: new Set(), abortHandlers: new Set(), ended: false, startedAt: Date.now() };
      streams.set(info.streamId, entry);
      expireLater(info.streamId, entry, maxLifetimeMs + retainMs);
      return { ok: true };
    },

    async append(streamId, { event, data, last = false }) {
      const entry = streams.get(streamId);
      if (!entry || entry.ended) throw new Error(`stream ${streamId} is not live`);
      const frame = storedFrame(entry.frames.length, event, JSON.stringify(data), last);
      entry.frames.push(frame);
      for (const listener of entry.listeners) listener(frame);
      if (last) {
        entry.ended = true;
        entry.listeners.clear();
        entry.abortHandlers.clear();
        expireLater(streamId, entry, retainMs);
      }
      return frame.seq;
    },

    async subscribe(streamId, after, listener) {
      const entry = streams.get(streamId);
      if (!entry) return null;
      for (const frame of entry.frames) if (frame.seq > after) listener(frame);
      if (entry.ended) return { close() {} };
      entry.listeners.add(listener);
      return { close: () => entry.listeners.delete(listener) };
    },

    async find(userId, key) {
      const direct = streams.get(key);
      if (direct?.info.userId === userId) return direct.info;
      let newest: Entry | undefined;
      for (const entry of streams.values()) {
        if (entry.info.userId !== userId || entry.info.conversationId !== key) continue;
        if (!newest || entry.startedAt >= newest.startedAt) newest = entry;
      }
      return newest?.info ?? null;
    },

    async requestAbort(streamId) {
      const entry = streams.get(streamId);
      if (!entry || !isLive(entry)) return false;
      for (const handler of entry.abortHandlers) handler();
      return true;
    },

    onAbort(streamId, handler): Subscription {
      const entry = streams.get(streamId);
      entry?.abortHandlers.add(handler);
      return { close: () => entry?.abortHandlers.delete(handler) };
    },

    async liveCount(userId) {
      return [...streams.values()].filter((e) => e.info.userId === userId && isLive(e)).length;
    },

    async close() {
      for (const entry of streams.values()) clearTimeout(entry.expiry);
      streams.clear();
    },
  };
}
