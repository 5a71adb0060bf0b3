import type { AuthResponse } from '@parley/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../sessions/refresh-cookie.ts';
import { revokeFamily, rotateSession } from '../sessions/session-service.ts';
import { findUserById, isBanned, presentUser } from '../users/user-service.ts';
import { signAccessToken } from './access-token.ts';

/**
 * Trades the refresh cookie for a rotated one plus a fresh access token. Every failure
 * clears the cookie, so the SPA falls back to the login screen instead of retrying forever.
 */
export async function refreshAccess(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<AuthResponse> {
  const refuse = (code: 'unauthorized' | 'banned') => {
    clearRefreshCookie(ctx.env, reply);
    return new AppError(code);
  };
  const presented = readRefreshCookie(request);
  if (!presented) throw refuse('unauthorized');
  const rotation = await rotateSession(ctx.db, presented, request);
  if (!rotation.ok) throw refuse('unauthorized');

  const row = await findUserById(ctx.db, rotation.userId);
  if (!row) throw refuse('unauthorized');
  if (isBanned(row)) {
    await revokeFamily(ctx.db, rotation.familyId);
    throw refuse('banned');
  }
  setRefreshCookie(ctx.env, reply, rotation.next.token, rotation.next.expiresAt);
  return { user: presentUser(row), token: await signAccessToken(ctx.secrets.jwtSecret, row.id) };
}
