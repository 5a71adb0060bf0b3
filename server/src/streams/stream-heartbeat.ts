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

export interface StreamHeartbeat {
  /**
   * How long a newly claimed stream's first beat should live: until the keys of the streams
   * beating here now expire, so an instance's streams all stop running at the same moment
   * when it dies (an abort right after a resume of another of its streams ends at once).
   */
  firstBeatTtlMs(): number;
  /** Beats for a stream this instance runs (its first beat was set when it was claimed). */
  add(streamId: string): void;
  /** Stops beating for a stream that ended here. */
  remove(streamId: string): void;
  stop(): void;
}

/** The running instance's side: one pipeline per beat refreshes the key of every stream it runs. */
export function createStreamHeartbeat(redis: Redis, prefix: string, ttlMs: number): StreamHeartbeat {
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let lastBeatAt = 0;
  const beat = () => {
    lastBeatAt = Date.now();
    const pipeline = redis.pipeline();
    for (const streamId of running) pipeline.set(heartbeatKey(prefix, streamId), '1', 'PX', ttlMs);
    // A missed beat is retried by the next one, well inside the time to live.
    void pipeline.exec().catch(() => undefined);
  };
  return {
    firstBeatTtlMs() {
      return timer ? Math.max(1, lastBeatAt + ttlMs - Date.now()) : ttlMs;
    },
    add(streamId) {
      running.add(streamId);
      if (!timer) {
        lastBeatAt = Date.now();
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
