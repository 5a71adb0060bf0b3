import { Redis } from 'ioredis';
import { createRedisOutage, type RedisOutage } from '../app/redis-outage.ts';
import type { Limiter } from './limiter.ts';

export interface RedisLimiterOptions {
  url: string;
  /** Namespace for the counters, so several apps (or test runs) can share one Redis. */
  prefix?: string;
  /** The process's Redis outage, shared with its other connections; without it the limiter follows its own. */
  outage?: RedisOutage;
}

/**
 * INCR and the first PEXPIRE run as one script: a crash between them would otherwise leave
 * a counter that never expires and locks an IP out for good.
 */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

export function createRedisLimiter(options: RedisLimiterOptions): Limiter {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const outage = options.outage ?? createRedisOutage();
  outage.watch(redis, 'rate limits');
  const prefix = options.prefix ?? 'parley:limit:';
  redis.defineCommand('limiterHit', { numberOfKeys: 1, lua: hitScript });
  const hit = (redis as unknown as { limiterHit(key: string, windowMs: number): Promise<[number, number]> }).limiterHit.bind(redis);

  return outage.guard({
    async hit(key, windowMs) {
      const [count, resetMs] = await hit(prefix + key, windowMs);
      return { count, resetMs };
    },
    async block(key, ms) {
      await redis.set(`${prefix}block:${key}`, '1', 'PX', ms);
    },
    async blockedMs(key) {
      return Math.max(0, await redis.pttl(`${prefix}block:${key}`));
    },
    async close() {
      await redis.quit();
    },
  });
}
