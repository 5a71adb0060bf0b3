import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { createMemoryLimiter } from '../limiter/memory-limiter.ts';
import { rateLimit } from './rate-limit.ts';

describe('rateLimit middleware', () => {
  const app = Fastify();
  const limiter = createMemoryLimiter();

  beforeAll(async () => {
    app.setErrorHandler(errorHandler);
    app.post('/try', { preHandler: rateLimit({ limiter, name: 'try', max: 2, windowMs: 90_000, code: 'too_many_login_attempts' }) }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const attempt = (ip: string) => app.inject({ method: 'POST', url: '/try', remoteAddress: ip });

  it('lets max requests through, then answers 429 with the code text and Retry-After', async () => {
    expect((await attempt('10.1.0.1')).statusCode).toBe(200);
    expect((await attempt('10.1.0.1')).statusCode).toBe(200);
    const refused = await attempt('10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'too_many_login_attempts',
      message: 'Too many login attempts in a short amount of time. Please try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(80);
    expect(retryAfter).toBeLessThanOrEqual(90);
  });

  it('counts each client IP separately', async () => {
    for (let i = 0; i < 3; i++) await attempt('10.1.0.2');
    expect((await attempt('10.1.0.3')).statusCode).toBe(200);
  });
});
