import type { RedisOutage } from '../app/redis-outage.ts';
import type { Env } from '../config/env.ts';
import { createMemoryLimiter } from './memory-limiter.ts';
import { createRedisLimiter } from './redis-limiter.ts';

interface LimiterHit {
  /** Hits on this key in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts over. */
  resetMs: number;
}

/**
 * Fixed-window counters shared by every instance that uses the same backend, so rate
 * limits hold across a scaled-out deployment when Redis is configured.
 */
export interface Limiter {
  hit(key: string, windowMs: number): Promise<LimiterHit>;
  /** Marks `key` blocked for `ms` (a ban); a later block replaces the time left. */
  block(key: string, ms: number): Promise<void>;
  /** Milliseconds `key` stays blocked; 0 when it is not. */
  blockedMs(key: string): Promise<number>;
  close(): Promise<void>;
}

export function createLimiter(env: Pick<Env, 'REDIS_URL'>, outage?: RedisOutage): Limiter {
  return env.REDIS_URL ? createRedisLimiter({ url: env.REDIS_URL, outage }) : createMemoryLimiter();
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../app/context.ts' {
  interface AppContext {
    /** Rate-limit counters: memory, or Redis when REDIS_URL is set. */
    limiter: Limiter;
  }
}
