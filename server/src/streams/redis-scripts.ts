import { firstBeatLua, sweepDeadLua } from './stream-heartbeat.ts';

/**
 * Lua scripts of the Redis stream registry; each runs atomically, so two instances never
 * both take the last free slot and a stream's end is seen all at once.
 */

/**
 * KEYS: live zset. ARGV: now, limit, streamId, deadline, ttl, key prefix, heartbeat ttl, the
 * instance's beat-time key. Slots
 * of streams whose instance died (no heartbeat) are dropped first; a claimed stream gets its
 * first heartbeat here, so it is never seen without one. Returns -1 when claimed, else the live count.
 */
export const claimScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
${sweepDeadLua.replaceAll('ARGV[1]', 'ARGV[6]')}
local live = redis.call('ZCARD', KEYS[1])
if live >= tonumber(ARGV[2]) then return live end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
${firstBeatLua('ARGV[8]', "ARGV[6] .. ARGV[3] .. ':beat'", 'ARGV[7]')}
return -1
`;

/**
 * Ends a stream once its last frame is stored. KEYS: info hash, frames list, live zset,
 * conversation pointer. ARGV: streamId, retainMs. Marks it ended, frees its live slot and lets
 * its keys expire after the retention time.
 */
export const endScript = `
redis.call('HSET', KEYS[1], 'ended', '1')
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if redis.call('GET', KEYS[4]) == ARGV[1] then redis.call('PEXPIRE', KEYS[4], ARGV[2]) end
return 1
`;

/**
 * Stores a batch of frames in order. KEYS: each frame's list. ARGV: per frame its channel,
 * message and the list's time to live in ms (0: leave it). Pushes, publishes, returns the count.
 */
export const appendFramesScript = `
for i = 1, #KEYS do
  local message = ARGV[i * 3 - 1]
  redis.call('RPUSH', KEYS[i], message)
  redis.call('PUBLISH', ARGV[i * 3 - 2], message)
  if ARGV[i * 3] ~= '0' then redis.call('PEXPIRE', KEYS[i], ARGV[i * 3]) end
end
return #KEYS
`;
