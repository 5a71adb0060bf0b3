/**
 * Lua scripts of the Redis stream registry; each runs atomically, so two instances never
 * both take the last free slot and seq numbers never repeat.
 */

/** KEYS: live zset. ARGV: now, limit, streamId, deadline, ttl. Returns -1 when claimed, else the live count. */
export const claimScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local live = redis.call('ZCARD', KEYS[1])
if live >= tonumber(ARGV[2]) then return live end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return -1
`;

/**
 * KEYS: info hash, frames stream, seq counter, live zset, conversation pointer.
 * ARGV: event, data, last ('1'|'0'), retainMs, channel, streamId, live frames ttl.
 * Returns the frame's seq, or -1 when the stream is unknown or already ended.
 */
export const appendScript = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HGET', KEYS[1], 'ended') == '1' then return -1 end
local seq = redis.call('INCR', KEYS[3]) - 1
redis.call('XADD', KEYS[2], '*', 'seq', seq, 'event', ARGV[1], 'last', ARGV[3], 'data', ARGV[2])
redis.call('PUBLISH', ARGV[5], seq .. '\\n' .. ARGV[1] .. '\\n' .. ARGV[3] .. '\\n' .. ARGV[2])
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 'ended', '1')
  redis.call('ZREM', KEYS[4], ARGV[6])
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
  if redis.call('GET', KEYS[5]) == ARGV[6] then redis.call('PEXPIRE', KEYS[5], ARGV[4]) end
else
  redis.call('PEXPIRE', KEYS[2], ARGV[7])
end
return seq
`;
