import { Redis, type ChainableCommander } from 'ioredis';
import { LocalStream } from './local-stream.ts';
import type { Logger } from '../app/logger.ts';
import { createRedisOutage, type RedisOutage } from '../app/redis-outage.ts';
import { createRedisFrameBatch } from './redis-frame-batch.ts';
import { appendFramesScript, claimScript, endScript } from './redis-scripts.ts';
import { createStreamHeartbeat, defaultHeartbeatTtlMs, endDeadScript, heartbeatKey, liveCountScript } from './stream-heartbeat.ts';
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
  /** Where failed Redis writes are reported (and lost connections, without `outage`). */
  log?: Pick<Logger, 'error' | 'info' | 'debug'>;
  /** The process's Redis outage, shared with its other connections; without it the registry follows its own. */
  outage?: RedisOutage;
  /** How long a stream counts as running after its instance's last heartbeat. */
  heartbeatTtlMs?: number;
}

type Scripts = {
  streamClaim(...args: [live: string, now: number, limit: number, streamId: string, deadline: number, ttl: number, prefix: string, beatTtl: number, instanceBeatKey: string]): Promise<number>;
  streamLiveCount(live: string, prefix: string): Promise<number>;
  streamEndDead(...args: (string | number)[]): Promise<number>;
};
type PipelineScripts = {
  streamEnd(...args: (string | number)[]): ChainableCommander;
  streamAppendFrames(...args: (string | number)[]): ChainableCommander;
};
const withScripts = (pipeline: ChainableCommander) => pipeline as ChainableCommander & PipelineScripts;

/** A frame as it is stored in the frames list and published: `seq \n event \n last \n json`. */
function frameMessage(frame: StreamFrame): string {
  return `${frame.seq}\n${frame.event}\n${frame.last ? '1' : '0'}\n${frame.json}`;
}

function parseFrame(message: string): StreamFrame {
  const [seq, event, last] = message.split('\n', 3);
  const json = message.slice(seq!.length + event!.length + last!.length + 3);
  return storedFrame(Number(seq), event as StreamFrame['event'], json, last === '1');
}

/** A stream this instance runs: it alone appends to it, so it numbers and keeps the frames itself. */
interface Owned {
  stream: LocalStream;
  /** Forgets a stream that never ended (its run died) once it can no longer be live. */
  expiry: NodeJS.Timeout;
}

/**
 * The registry shared by every instance on one Redis: frames in a Redis list per chat stream
 * (for replay), live frames and abort requests over pub/sub, live counts in a sorted set per
 * user whose scores are deadlines, so a crashed instance's streams stop counting.
 *
 * The instance running a stream numbers its frames and delivers them to its own listeners
 * straight away, as the in-memory registry does; Redis gets them in one script call per turn of
 * the event loop, for resumes and listeners on other instances. Only the last frame waits for
 * Redis, so a stream counts as ended everywhere once its final has been answered.
 */
export function createRedisStreamRegistry(options: RedisStreamRegistryOptions): StreamRegistry {
  const retainMs = options.retainMs ?? defaultRetainMs;
  const maxLifetimeMs = options.maxLifetimeMs ?? defaultMaxLifetimeMs;
  const p = options.prefix ?? 'parley:stream:';
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 }) as Redis & Scripts;
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: 2 });
  redis.defineCommand('streamClaim', { numberOfKeys: 1, lua: claimScript });
  redis.defineCommand('streamEnd', { numberOfKeys: 4, lua: endScript });
  redis.defineCommand('streamAppendFrames', { lua: appendFramesScript });
  const outage = options.outage ?? createRedisOutage(options.log);
  outage.watch(redis, 'stream registry');
  outage.watch(subscriber, 'stream subscriber');
  redis.defineCommand('streamLiveCount', { numberOfKeys: 1, lua: liveCountScript });
  redis.defineCommand('streamEndDead', { numberOfKeys: 5, lua: endDeadScript });
  const heartbeatTtlMs = options.heartbeatTtlMs ?? defaultHeartbeatTtlMs;
  const heartbeat = createStreamHeartbeat(redis, p, heartbeatTtlMs);
  const batch = createRedisFrameBatch(
    () => redis.pipeline(),
    (pipeline, lists, args) => withScripts(pipeline).streamAppendFrames(lists.length, ...lists, ...args),
    (error, frames) => options.log?.error({ err: error, frames }, 'Redis frame write failed: stream frames were not stored'),
  );

  const keys = {
    info: (id: string) => `${p}${id}:info`,
    frames: (id: string) => `${p}${id}:frames`,
    abortFlag: (id: string) => `${p}${id}:abort`,
    framesChannel: (id: string) => `${p}${id}:live`,
    abortChannel: (id: string) => `${p}${id}:abort-requests`,
    live: (userId: string) => `${p}live:${userId}`,
    conversation: (userId: string, conversationId: string) => `${p}conversation:${userId}:${conversationId}`,
    beat: (id: string) => heartbeatKey(p, id),
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

  const owned = new Map<string, Owned>();
  const liveStream = (streamId: string): LocalStream => {
    const stream = owned.get(streamId)?.stream;
    if (!stream?.isLive(maxLifetimeMs)) throw new Error(`stream ${streamId} is not live`);
    return stream;
  };
  // The frame's copy for Redis: its list (the first frame sets how long it lives) and its channel.
  const writeOf = (streamId: string, frame: StreamFrame) => ({
    list: keys.frames(streamId),
    channel: keys.framesChannel(streamId),
    message: frameMessage(frame),
    ...(frame.seq === 0 ? { expireMs: maxLifetimeMs + retainMs } : {}),
  });
  const forget = (streamId: string) => {
    clearTimeout(owned.get(streamId)?.expiry);
    owned.delete(streamId);
    heartbeat.remove(streamId);
  };

  type StoredInfo = StreamInfo & { ended: boolean; replyEnded: boolean };
  async function readInfo(streamId: string): Promise<StoredInfo | null> {
    const info = await redis.hgetall(keys.info(streamId));
    if (!info.userId) return null;
    const replyId = info.replyId ? { replyId: info.replyId } : {};
    const ended = info.ended === '1';
    return { streamId, userId: info.userId, conversationId: info.conversationId!, ...replyId, ended, replyEnded: ended || info.replyEnded === '1' };
  }
  const publicInfo = ({ ended: _ended, replyEnded: _replyEnded, ...info }: StoredInfo): StreamInfo => info;

  return outage.guard({
    async create(info, limit) {
      const now = Date.now();
      const live = await redis.streamClaim(keys.live(info.userId), now, limit, info.streamId, now + maxLifetimeMs, maxLifetimeMs, p, heartbeatTtlMs, heartbeat.instanceKey);
      if (live >= 0) return { ok: false, live };
      const ttl = maxLifetimeMs + retainMs;
      await redis
        .multi()
        .hset(keys.info(info.streamId), { userId: info.userId, conversationId: info.conversationId, ended: '0', ...(info.replyId ? { replyId: info.replyId } : {}) })
        .pexpire(keys.info(info.streamId), ttl)
        .set(keys.conversation(info.userId, info.conversationId), info.streamId, 'PX', ttl)
        .exec();
      const expiry = setTimeout(() => forget(info.streamId), maxLifetimeMs);
      expiry.unref();
      owned.set(info.streamId, { stream: new LocalStream(info), expiry });
      heartbeat.add(info.streamId);
      return { ok: true };
    },

    appendLive(streamId, json) {
      const frame = liveStream(streamId).append('message', json, false);
      batch.add(writeOf(streamId, frame));
      return frame.seq;
    },

    async append(streamId, { event, data, last = false, endsReply = false }) {
      const stream = liveStream(streamId);
      const frame = stream.append(event, JSON.stringify(data), last);
      const write = writeOf(streamId, frame);
      const { userId, conversationId } = stream.info;
      if (endsReply && !last) {
        // The reply's end is seen everywhere once answered: its slot is free, and it can no longer be aborted.
        await batch.addAndWait(write, (pipeline) => pipeline.zrem(keys.live(userId), streamId).hset(keys.info(streamId), 'replyEnded', '1'));
        return frame.seq;
      }
      if (!last) {
        batch.add(write);
        return frame.seq;
      }
      try {
        const endKeys = [keys.info(streamId), keys.frames(streamId), keys.live(userId), keys.conversation(userId, conversationId)];
        await batch.addAndWait(write, (pipeline) => withScripts(pipeline).streamEnd(...endKeys, streamId, retainMs));
      } finally {
        // From now on other instances' view (Redis) is complete: resumes here read it too.
        forget(streamId);
      }
      return frame.seq;
    },

    async subscribe(streamId, after, listener: StreamListener) {
      const own = owned.get(streamId);
      if (own) return own.stream.subscribe(after, listener);
      if (!(await readInfo(streamId))) return null;
      let delivered = after;
      let replaying = true;
      let ended = false;
      const buffered: StreamFrame[] = [];
      const deliver = (frame: StreamFrame) => {
        // A last frame written for a dead instance may be numbered below frames that instance
        // sent straight to its own clients but never stored: it is delivered all the same.
        if (ended || (frame.seq <= delivered && !frame.last)) return;
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
      for (const message of await redis.lrange(keys.frames(streamId), 0, -1)) deliver(parseFrame(message));
      replaying = false;
      for (const frame of buffered) deliver(frame);
      return { close: stop };
    },

    async find(userId, key) {
      const direct = await readInfo(key);
      if (direct?.userId === userId) return publicInfo(direct);
      const pointed = await redis.get(keys.conversation(userId, key));
      const info = pointed ? await readInfo(pointed) : null;
      return info?.userId === userId ? publicInfo(info) : null;
    },

    async requestAbort(streamId) {
      const info = await readInfo(streamId);
      if (!info || info.replyEnded) return false;
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
      void listen(keys.abortChannel(streamId), fire)
        .then(async (unlisten) => {
          stop = unlisten;
          if (closed) return unlisten();
          // An abort requested before this instance listened is still honoured.
          if (await redis.get(keys.abortFlag(streamId))) fire();
        })
        // Redis away: this stream's aborts cannot be heard; the reply still ends with its upstream or its idle watch.
        .catch((error: unknown) => options.log?.error({ err: error, streamId }, 'could not listen for the aborts of a stream'));
      return {
        close() {
          closed = true;
          stop?.();
        },
      };
    },

    async hasReader(streamId) {
      if ((owned.get(streamId)?.stream.listenerCount ?? 0) > 0) return true;
      // Other instances' readers: each instance subscribes to a stream's frame channel while it has one.
      const [, subscribers] = (await redis.pubsub('NUMSUB', keys.framesChannel(streamId))) as [string, number];
      return Number(subscribers) > 0;
    },

    async liveCount(userId) {
      await redis.zremrangebyscore(keys.live(userId), '-inf', Date.now());
      return redis.streamLiveCount(keys.live(userId), p);
    },

    // Every user's live set, found by SCAN (an empty set is no key): read by the console, never on a chat's path.
    async liveTotal() {
      let total = 0;
      for await (const batch of redis.scanStream({ match: `${keys.live('')}*`, count: 200 }) as AsyncIterable<string[]>) {
        for (const key of batch) {
          await redis.zremrangebyscore(key, '-inf', Date.now());
          total += await redis.streamLiveCount(key, p);
        }
      }
      return total;
    },

    async ping() {
      await redis.ping();
    },

    async isRunning(streamId) {
      return owned.has(streamId) || (await redis.exists(keys.beat(streamId))) === 1;
    },

    async endDead(streamId, { event, data }) {
      const info = await readInfo(streamId);
      if (!info || info.ended) return null;
      const { userId, conversationId } = info;
      const endKeys = [keys.info(streamId), keys.frames(streamId), keys.live(userId), keys.conversation(userId, conversationId), keys.beat(streamId)];
      const seq = await redis.streamEndDead(...endKeys, streamId, retainMs, keys.framesChannel(streamId), event, JSON.stringify(data));
      return seq >= 0 ? seq : null;
    },

    // Streams still running here stop beating without ending: the other instances end them once
    // their heartbeats expire, as after a crash.
    async close() {
      heartbeat.stop();
      for (const { expiry } of owned.values()) clearTimeout(expiry);
      owned.clear();
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  });
}
