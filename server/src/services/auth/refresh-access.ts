import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { revokeFamily, rotateSession, type ClientInfo } from '../sessions/session-service.ts';
import { presentUser } from '../../presenters/present-user.ts';
import { findUserById, isBanned } from '../users/user-service.ts';
import { signAccessToken } from './access-token.ts';
import type { SignedIn } from './sign-in.ts';

/** Refused refreshes carry the error to answer; the route also clears the cookie for them. */
export type RefreshOutcome = ({ ok: true } & SignedIn) | { ok: false; error: AppError };

/**
 * Trades a refresh token for a rotated one plus a fresh access token. Every refusal tells the
 * route to clear the cookie, so the SPA falls back to the login screen instead of retrying forever.
 */
export async function refreshAccess(ctx: AppContext, presented: string | undefined, client: ClientInfo): Promise<RefreshOutcome> {
  const refuse = (code: 'unauthorized' | 'banned') => ({ ok: false as const, error: new AppError(code) });
  if (!presented) return refuse('unauthorized');
  const rotation = await rotateSession(ctx.db, presented, client);
  if (!rotation.ok) return refuse('unauthorized');

  const row = await findUserById(ctx.db, rotation.userId);
  if (!row) return refuse('unauthorized');
  if (isBanned(row)) {
    await revokeFamily(ctx.db, rotation.familyId);
    return refuse('banned');
  }
  const answer = { user: presentUser(row), token: await signAccessToken(ctx.secrets.jwtSecret, row) };
  return { ok: true, answer, refresh: rotation.next };
}
