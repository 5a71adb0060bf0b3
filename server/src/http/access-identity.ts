import { ACCESS_KEY_HEADER } from '@parley/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { AppError } from '../app/errors.ts';
import { findKeyWithOwner, keyState } from '../services/access/access-key-store.ts';
import type { Payer } from '../services/access/owner-kinds.ts';
import type { ModelCaller } from '../services/models/offered-model.ts';
import { ensureVisitorRow } from '../services/access/visitor-store.ts';
import { isBanned } from '../services/users/user-service.ts';
import type { AuthUser } from './authenticate.ts';
import { issueVisitorCookie, readVisitorCookie } from './visitor-cookie.ts';

/** A key's caller carries the key's model allow-list (null: every offered model). */
export type KeyOrVisitor = { kind: 'key'; keyId: string; models: string[] | null } | { kind: 'visitor' };

const HOUR_MS = 3_600_000;
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers[ACCESS_KEY_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

async function keyUser(ctx: AppContext, key: string): Promise<AuthUser> {
  const found = await findKeyWithOwner(ctx.db, key);
  if (!found || keyState(found.key) !== 'active') throw new AppError('invalid_api_key');
  if (isBanned(found.owner)) throw new AppError('banned');
  const { owner } = found;
  return { id: owner.id, email: owner.email, name: owner.name, role: owner.role, access: { kind: 'key', keyId: found.key.id, models: found.key.models } };
}

/**
 * A visitor without a key: the identity in its signed cookie, or a new one. A read needs no row
 * (a new visitor owns nothing yet); a write creates the row, and a new identity is issued only
 * then, at most VISITOR_MAX_PER_HOUR per IP, so cookie-less requests cannot fill the database.
 */
async function visitorUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
  let id = readVisitorCookie(ctx.secrets.jwtSecret, request);
  if (!id && isRead(request)) id = crypto.randomUUID();
  else if (!id) {
    const { count } = await ctx.limiter.hit(`visitor-mint:${request.ip}`, HOUR_MS);
    if (count > ctx.env.VISITOR_MAX_PER_HOUR) throw new AppError('rate_limited');
    id = issueVisitorCookie(ctx.env, ctx.secrets.jwtSecret, request, reply);
  }
  if (!isRead(request)) await ensureVisitorRow(ctx.db, id);
  return { id, email: '', name: 'Visitor', role: 'user', access: { kind: 'visitor' } };
}

/**
 * `keys`/`both` mode: `Authorization: Bearer sk-…` or `X-Api-Key: sk-…` authenticates as that
 * key's owner (an unknown, revoked or expired key answers `invalid_api_key`); a request with no
 * bearer and no key is an anonymous visitor. A bearer that is not a key is left to the account
 * check (undefined), so `both` keeps sign-in working.
 */
export async function accessIdentity(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, bearerToken: string | undefined): Promise<AuthUser | undefined> {
  if (bearerToken?.startsWith('sk-')) return keyUser(ctx, bearerToken);
  const key = bearerToken ? undefined : headerKey(request);
  if (key) return keyUser(ctx, key);
  return bearerToken ? undefined : visitorUser(ctx, request, reply);
}

/** What narrows the models this request's user may call: an access key's allow-list. */
export const modelCallerOf = (user: AuthUser): ModelCaller => ({ allowedModels: user.access?.kind === 'key' ? user.access.models : null });

/** Who pays for a chat call made by this request's user. */
export function payerOf(request: FastifyRequest, user: AuthUser): Payer {
  if (user.access?.kind === 'key') return { kind: 'key', userId: user.id, keyId: user.access.keyId };
  if (user.access?.kind === 'visitor') return { kind: 'visitor', userId: user.id, ip: request.ip };
  return { kind: 'account', userId: user.id };
}
