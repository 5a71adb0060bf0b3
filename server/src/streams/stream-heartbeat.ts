import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How long a stream's heartbeat key lives without being refreshed. The instance running the
 * stream refreshes it five times as often, so only a dead (or frozen for seconds) instance
 * lets it expire; another instance then ends the stream with what was saved of it.
 */
export const defaultHeartbeatTtlMs = 5000;

export const heartbeatKey = (prefix: string, streamId: string) => `${prefix}${streamId}:beat`;

/**
 * Drops the user's live slots whose stream has no heartbeat any more (its instance died).
 * Lua, spliced into the scripts that count live streams. KEYS[1]: the live zset; ARGV[1]: the key prefix.
 */
export const sweepDeadLua = `
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if redis.call('EXISTS', ARGV[1] .. member .. ':beat') == 0 then redis.call('ZREM', KEYS[1], member) end
end
`;

/** KEYS: live zset. ARGV: prefix. Returns the live count once dead streams are swept. */
export const liveCountScript = `${sweepDeadLua}
return redis.call('ZCARD', KEYS[1])
`;

/**
 * Ends a stream whose instance died, unless it ended or beat meanwhile (then -1). KEYS: info
 * hash, frames list, live zset, conversation pointer, heartbeat. ARGV: streamId, retainMs,
 * frames channel, event, json. Appends the last frame after the stored ones, publishes it,
 * marks the stream ended, frees its slot and lets its keys expire. Returns the frame's seq.
 */
export const endDeadScript = `
if redis.call('HGET', KEYS[1], 'ended') ~= '0' or redis.call('EXISTS', KEYS[5]) == 1 then return -1 end
local seq = redis.call('LLEN', KEYS[2])
local message = seq .. '\\n' .. ARGV[4] .. '\\n1\\n' .. ARGV[5]
redis.call('RPUSH', KEYS[2], message)
redis.call('PUBLISH', ARGV[3], message)
redis.call('HSET', KEYS[1], 'ended', '1')
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if redis.call('GET', KEYS[4]) == ARGV[1] then redis.call('PEXPIRE', KEYS[4], ARGV[2]) end
return seq
`;

/** Lua: `nowMs`, the Redis server's clock in ms (every instance's beats are timed by it). */
const redisNowLua = `
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * Lua, spliced into the claim script: gives the claimed stream (key `beatKey`) its first beat,
 * one that ends with its instance's other beats (the time kept at `instanceKey`, or a new one
 * `ttl` from now), so a dead instance's streams all stop running at the same moment and an
 * abort right after the resume of another of them ends at once.
 */
export function firstBeatLua(instanceKey: string, beatKey: string, ttl: string): string {
  return `${redisNowLua}
local beatUntil = tonumber(redis.call('GET', ${instanceKey}) or '0')
if beatUntil <= nowMs then
  beatUntil = nowMs + tonumber(${ttl})
  redis.call('SET', ${instanceKey}, beatUntil, 'PXAT', beatUntil)
end
redis.call('SET', ${beatKey}, '1', 'PXAT', beatUntil)
`;
}

/** KEYS: the instance's beat time, then its streams' heartbeats. ARGV: ttl. All end together. */
const beatScript = `${redisNowLua}
local beatUntil = nowMs + tonumber(ARGV[1])
redis.call('SET', KEYS[1], beatUntil, 'PXAT', beatUntil)
for i = 2, #KEYS do redis.call('SET', KEYS[i], '1', 'PXAT', beatUntil) end
`;

export interface StreamHeartbeat {
  /** The key holding when this instance's heartbeats end (Redis time, ms). */
  instanceKey: string;
  /** Beats for a stream this instance runs (its first beat was set when it was claimed). */
  add(streamId: string): void;
  /** Stops beating for a stream that ended here. */
  remove(streamId: string): void;
  stop(): void;
}

/** The running instance's side: one script call per beat refreshes the key of every stream it runs. */
export function createStreamHeartbeat(redis: Redis, prefix: string, ttlMs: number): StreamHeartbeat {
  const running = new Set<string>();
  const instanceKey = `${prefix}instance:${randomUUID()}:beat-until`;
  const beats = redis as Redis & { streamBeat(...args: (string | number)[]): Promise<unknown> };
  redis.defineCommand('streamBeat', { lua: beatScript });
  let timer: NodeJS.Timeout | undefined;
  const beat = () => {
    const keys = [instanceKey, ...[...running].map((streamId) => heartbeatKey(prefix, streamId))];
    // A missed beat is retried by the next one, well inside the time to live.
    void beats.streamBeat(keys.length, ...keys, ttlMs).catch(() => undefined);
  };
  return {
    instanceKey,
    add(streamId) {
      running.add(streamId);
      if (!timer) {
        timer = setInterval(beat, Math.max(10, Math.floor(ttlMs / 5)));
        timer.unref();
      }
    },
    remove(streamId) {
      running.delete(streamId);
      void redis.del(heartbeatKey(prefix, streamId)).catch(() => undefined);
      if (running.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    },
    stop() {
      running.clear();
      clearInterval(timer);
      timer = undefined;
    },
  };
}
