import type { ErrorCode } from '@parley/core';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../app/errors.ts';
import type { Limiter } from '../limiter/limiter.ts';

export interface RateLimitOptions {
  limiter: Limiter;
  /** Counter namespace, e.g. `login`; the client IP completes the key. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 code whose text the client shows. */
  code: ErrorCode;
}

/**
 * preHandler counting every request per IP, successful or not, and refusing past `max`
 * with the code's text and `Retry-After` in seconds.
 */
export function rateLimit(options: RateLimitOptions): preHandlerAsyncHookHandler {
  const { limiter, name, max, windowMs, code } = options;
  return async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
    const { count, resetMs } = await limiter.hit(`${name}:${request.ip}`, windowMs);
    const retryAfter = String(Math.max(1, Math.ceil(resetMs / 1000)));
    reply.header('RateLimit-Limit', String(max));
    reply.header('RateLimit-Remaining', String(Math.max(0, max - count)));
    if (count > max) throw new AppError(code, undefined, undefined, { 'Retry-After': retryAfter });
  };
}
