import type { ErrorCode } from '@parley/core';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../app/errors.ts';
import type { Limiter } from '../limiter/limiter.ts';

export interface RateLimitOptions {
  limiter: Limiter;
  /** Counter namespace, e.g. `login`; the client IP (or the key given) completes the key. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 code whose text the client shows. */
  code: ErrorCode;
}

/** Counts one hit on `key`: what is left of the window's budget, and the 429 to throw once it is spent. */
async function hitLimit(options: RateLimitOptions, key: string) {
  const { limiter, name, max, windowMs, code } = options;
  const { count, resetMs } = await limiter.hit(`${name}:${key}`, windowMs);
  const retryAfter = String(Math.max(1, Math.ceil(resetMs / 1000)));
  const refusal = count > max ? new AppError(code, undefined, undefined, { 'Retry-After': retryAfter }) : undefined;
  return { remaining: Math.max(0, max - count), refusal };
}

/**
 * preHandler counting every request per IP, successful or not, and refusing past `max`
 * with the code's text and `Retry-After` in seconds.
 */
export function rateLimit(options: RateLimitOptions): preHandlerAsyncHookHandler {
  return async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
    const { remaining, refusal } = await hitLimit(options, request.ip);
    reply.header('RateLimit-Limit', String(options.max));
    reply.header('RateLimit-Remaining', String(remaining));
    if (refusal) throw refusal;
  };
}

/**
 * The same count on a key the handler names (an account's email), for limits that must hold
 * whatever address the client comes from; it throws the 429 past `max`.
 */
export function keyedRateLimit(options: RateLimitOptions): (key: string) => Promise<void> {
  return async function keyedRateLimit(key) {
    const { refusal } = await hitLimit(options, key);
    if (refusal) throw refusal;
  };
}
