import { enterKeyRequestSchema, normalizeAccessKey, type EnterKeyResponse } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { readVisitorCookie } from '../../http/visitor-cookie.ts';
import { findKeyWithOwner, keyState } from '../../services/access/access-key-store.ts';
import { carryVisitorOver } from '../../services/access/carry-over.ts';

const MINUTE_MS = 60_000;

/**
 * `POST /api/access/enter-key`: the web asks before it saves a typed key. An unknown or revoked key
 * is refused there and then; an expired one is named so it can be renewed; an active one takes the
 * conversations of the visitor in this browser (its signed cookie) with it.
 */
export async function accessRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = rateLimit({ limiter: ctx.limiter, name: 'enter-key', max: ctx.env.LOOKUP_MAX, windowMs: MINUTE_MS, code: 'rate_limited' });
  app.post('/api/access/enter-key', { preHandler }, async (request): Promise<EnterKeyResponse> => {
    if (ctx.env.ACCESS_MODE === 'accounts') throw new AppError('not_found', 'This server has no access keys.');
    const { key } = enterKeyRequestSchema.parse(request.body);
    const found = await findKeyWithOwner(ctx.db, normalizeAccessKey(key));
    const state = found ? keyState(found.key) : 'revoked';
    if (!found || state === 'revoked') return { state: 'unknown', carried: 0, expiresAt: null };
    const expiresAt = found.key.expiresAt?.toISOString() ?? null;
    if (state === 'expired') return { state: 'expired', carried: 0, expiresAt };
    const visitorId = readVisitorCookie(ctx.secrets.jwtSecret, request);
    const carried = visitorId ? await carryVisitorOver(ctx.db, visitorId, found.owner.id) : 0;
    if (carried > 0) ctx.log.info({ keyId: found.key.id, carried }, "a visitor's conversations moved to the key they entered");
    return { state: 'active', carried, expiresAt };
  });
}
