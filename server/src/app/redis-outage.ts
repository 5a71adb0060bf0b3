import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

/** How long a client is told to wait before trying again while Redis is away. */
const RETRY_AFTER_SECONDS = '5';

export interface RedisOutage {
  /** Follows one connection: its loss and its return count towards the process's one outage. */
  watch(redis: Redis, name: string): void;
  /**
   * The same calls, whose failures while a followed connection is down become 503
   * `service_unavailable` with Retry-After (the outage itself is logged once, not per request).
   */
  guard<T extends object>(calls: T): T;
}

/** ioredis's answer to a command it gave up retrying, which may reach us before the connection's own event. */
const isRetriesSpent = (error: unknown) => error instanceof Error && error.name === 'MaxRetriesPerRequestError';

/**
 * The state of every Redis connection of a process (rate limits, streams, their subscriber):
 * one line when the first is lost, one when the last is back, whatever the number of
 * reconnection attempts and requests in between.
 */
export function createRedisOutage(log?: Pick<Logger, 'error' | 'info' | 'debug'>): RedisOutage {
  const down = new Set<string>();

  function unavailable(error: unknown): unknown {
    if (down.size === 0 && !isRetriesSpent(error)) return error;
    return new AppError('service_unavailable', undefined, undefined, { 'Retry-After': RETRY_AFTER_SECONDS });
  }

  return {
    watch(redis, name) {
      // ioredis reconnects by itself and reports each failed attempt; the outage lines below say what matters.
      redis.on('error', (error: Error) => log?.debug({ err: error, connection: name }, 'Redis connection error'));
      redis.on('reconnecting', () => {
        if (down.has(name)) return;
        down.add(name);
        if (down.size === 1) log?.error({ connection: name }, 'Redis is unavailable: chats and rate-limited requests answer 503 until it is back');
      });
      redis.on('ready', () => {
        if (!down.delete(name) || down.size > 0) return;
        log?.info({ connection: name }, 'Redis is back');
      });
    },
    guard<T extends object>(calls: T): T {
      const guarded: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(calls)) {
        guarded[key] =
          typeof value === 'function'
            ? (...args: unknown[]) => {
                const result: unknown = value.apply(calls, args);
                return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(unavailable(error))) : result;
              }
            : value;
      }
      return guarded as T;
    },
  };
}
