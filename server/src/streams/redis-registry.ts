import { Redis } from 'ioredis';
import { appendScript, claimScript } from './redis-scripts.ts';
import {
  defaultMaxLifetimeMs,
  defaultRetainMs,
  storedFrame,
  type StreamFrame,
  type StreamInfo,
  type StreamListener,
  type StreamRegistry,
  type StreamRegistryOptions,
  type Subscription,
} from './stream-registry.ts';

export interface RedisStreamRegistryOptions extends StreamRegistryOptions {
  url: string;
  /** Namespace, so several apps (or test runs) can share one Redis. */
  prefix?: string;
}

type Scripts = {
  streamClaim(live: string, now: number, limit: number, streamId: string, deadline: number, ttl: number): Promise<number>;
  streamAppend(...args: (string | number)[]): Promise<number>;
};

/** Parses a published frame: `seq \n event \n last \n json`. */
function parseFrame(message: string): StreamFrame {
  const [seq, event, last] = message.split('\n', 3);
  const json = message.slice(seq!.length + event!.length + last!.length + 3);
  return storedFrame(Number(seq), event as StreamFrame['event'], json, last === '1');
}

/**
 * The registry shared by every instance on one Redis: frames in a Redis stream per chat
 * stream (for replay), live frames and abort requests over pub/sub, live counts in a sorted
 * set per user whose scores are deadlines, so a crashed instance's streams stop counting.
 */
export function createRedisStreamRegistry(options: RedisStreamRegistryOptions): StreamRegistry {
  const retainMs = options.retainMs ?? defaultRetainMs;
  const maxLifetimeMs = options.maxLifetimeMs ?? defaultMaxLifetimeMs;
  const p = options.prefix ?? 'parley:stream:';
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 }) as Redis & Scripts;
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: 2 });
  redis.defineCommand('streamClaim', { numberOfKeys: 1, lua: claimScript });
  redis.defineCommand('streamAppend', { numberOfKeys: 5, lua: appendScript });

  const keys = {
    info: (id: string) => `${p}${id}:info`,
    frames: (id: string) => `${p}${id}:frames`,
    seq: (id: string) => `${p}${id}:seq`,
    abortFlag: (id: string) => `${p}${id}:abort`,
    framesChannel: (id: string) => `${p}${id}:live`,
    abortChannel: (id: string) => `${p}${id}:abort-requests`,
    live: (userId: string) => `${p}live:${userId}`,
    conversation: (userId: string, conversationId: string) => `${p}conversation:${userId}:${conversationId}`,
  };

  // One subscriber connection per instance; handlers are fanned out per channel locally.
  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  async function listen(channel: string, handler: (message: string) => void): Promise<() => void> {
    let set = handlers.get(channel);
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
      await subscriber.subscribe(channel);
    }
    set.add(handler);
    return () => {
      set!.delete(handler);
      if (set!.size === 0 && handlers.get(channel) === set) {
        handlers.delete(channel);
        void subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  // The streams this instance runs: their appends (one per delta) need the owner's keys and
  // would otherwise read them from Redis first, a second round trip per frame.
  const writing = new Map<string, StreamInfo>();

  async function readInfo(streamId: string): Promise<(StreamInfo & { ended: boolean }) | null> {
    const info = await redis.hgetall(keys.info(streamId));
    if (!info.userId) return null;
    return { streamId, userId: info.userId, conversationId: info.conversationId!, ended: info.ended === '1' };
  }

  return {
    async create(info, limit) {
      const now = Date.now();
      const live = await redis.streamClaim(keys.live(info.userId), now, limit, info.streamId, now + maxLifetimeMs, maxLifetimeMs);
      if (live >= 0) return { ok: false, live };
      const ttl = maxLifetimeMs + retainMs;
      await redis
        .multi()
        .hset(keys.info(info.streamId), { userId: info.userId, conversationId: info.conversationId, ended: '0' })
        .pexpire(keys.info(info.streamId), ttl)
        .set(keys.conversation(info.userId, info.conversationId), info.streamId, 'PX', ttl)
        .exec();
      writing.set(info.streamId, info);
      return { ok: true };
    },

    async append(streamId, { event, data, last = false }) {
      const info = writing.get(streamId) ?? (await readInfo(streamId));
      if (!info) throw new Error(`stream ${streamId} is not live`);
      if (last) writing.delete(streamId);
      const seq = await redis.streamAppend(
        keys.info(streamId),
        keys.frames(streamId),
        keys.seq(streamId),
        keys.live(info.userId),
        keys.conversation(info.userId, info.conversationId),
        event,
        JSON.stringify(data),
        last ? '1' : '0',
        retainMs,
        keys.framesChannel(streamId),
        streamId,
        maxLifetimeMs + retainMs,
      );
      if (seq < 0) throw new Error(`stream ${streamId} is not live`);
      return seq;
    },

    async subscribe(streamId, after, listener: StreamListener) {
      if (!(await readInfo(streamId))) return null;
      let delivered = after;
      let replaying = true;
      let ended = false;
      const buffered: StreamFrame[] = [];
      const deliver = (frame: StreamFrame) => {
        if (ended || frame.seq <= delivered) return;
        delivered = frame.seq;
        if (frame.last) ended = true;
        listener(frame);
        if (ended) stop();
      };
      // Listen before reading the backlog, so no frame falls between the two.
      const stop = await listen(keys.framesChannel(streamId), (message) => {
        const frame = parseFrame(message);
        if (replaying) buffered.push(frame);
        else deliver(frame);
      });
      const entries = await redis.xrange(keys.frames(streamId), '-', '+');
      for (const [, fields] of entries) {
        const f = Object.fromEntries(fields.reduce<[string, string][]>((pairs, v, i, all) => (i % 2 ? pairs : [...pairs, [v, all[i + 1]!]]), []));
        deliver(storedFrame(Number(f.seq), f.event as StreamFrame['event'], f.data!, f.last === '1'));
      }
      replaying = false;
      for (const frame of buffered) deliver(frame);
      return { close: stop };
    },

    async find(userId, key) {
      const direct = await readInfo(key);
      if (direct?.userId === userId) return { streamId: direct.streamId, userId, conversationId: direct.conversationId };
      const pointed = await redis.get(keys.conversation(userId, key));
      const info = pointed ? await readInfo(pointed) : null;
      return info?.userId === userId ? { streamId: info.streamId, userId, conversationId: info.conversationId } : null;
    },

    async requestAbort(streamId) {
      const info = await readInfo(streamId);
      if (!info || info.ended) return false;
      await redis.set(keys.abortFlag(streamId), '1', 'PX', maxLifetimeMs);
      await redis.publish(keys.abortChannel(streamId), '1');
      return true;
    },

    onAbort(streamId, handler): Subscription {
      let stop: (() => void) | undefined;
      let closed = false;
      let fired = false;
      const fire = () => {
        if (closed || fired) return;
        fired = true;
        handler();
      };
      void listen(keys.abortChannel(streamId), fire).then(async (unlisten) => {
        stop = unlisten;
        if (closed) return unlisten();
        // An abort requested before this instance listened is still honoured.
        if (await redis.get(keys.abortFlag(streamId))) fire();
      });
      return {
        close() {
          closed = true;
          stop?.();
        },
      };
    },

    async liveCount(userId) {
      await redis.zremrangebyscore(keys.live(userId), '-inf', Date.now());
      return redis.zcard(keys.live(userId));
    },

    async close() {
      writing.clear();
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  };
}
