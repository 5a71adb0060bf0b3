import type { Logger } from '../app/logger.ts';
import type { RedisOutage } from '../app/redis-outage.ts';
import type { Env } from '../config/env.ts';
import { createMemoryStreamRegistry } from './memory-registry.ts';
import { createRedisStreamRegistry } from './redis-registry.ts';
import type { StreamRegistry } from './stream-registry.ts';

/** One instance keeps streams in memory; with REDIS_URL every instance shares them through Redis. */
export function createStreamRegistry(
  env: Pick<Env, 'REDIS_URL'> & Partial<Pick<Env, 'STREAM_REPLAY_MAX_BYTES'>>,
  log?: Pick<Logger, 'error' | 'info' | 'debug'>,
  outage?: RedisOutage,
): StreamRegistry {
  return env.REDIS_URL
    ? createRedisStreamRegistry({ url: env.REDIS_URL, log, outage })
    : createMemoryStreamRegistry({ maxReplayBytes: env.STREAM_REPLAY_MAX_BYTES });
}
