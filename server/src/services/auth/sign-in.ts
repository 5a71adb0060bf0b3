import type { AuthResponse } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { startSession, type ClientInfo, type IssuedRefreshToken } from '../sessions/session-service.ts';
import { presentUser } from '../../presenters/present-user.ts';
import type { UserRow } from '../users/user-service.ts';
import { signAccessToken } from './access-token.ts';

/** A signed-in answer: the body for the SPA and the refresh token the route puts in the cookie. */
export interface SignedIn {
  answer: AuthResponse;
  refresh: IssuedRefreshToken;
}

/** The outcome of login and register: a new session, an access token and the user. */
export async function signIn(ctx: AppContext, row: UserRow, client: ClientInfo): Promise<SignedIn> {
  const refresh = await startSession(ctx.db, row.id, client);
  return { answer: { user: presentUser(row), token: await signAccessToken(ctx.secrets.jwtSecret, row) }, refresh };
}
