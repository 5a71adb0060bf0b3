import type { SocialProvider } from '@parley/core';
import { jwtVerify, SignJWT } from 'jose';

/** What the callback must find again: who started the login and the secrets bound to it. */
export interface LoginState {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** A login left unfinished this long has to start over. */
export const LOGIN_STATE_TTL_SECONDS = 10 * 60;

// A distinct audience keeps this token from ever passing as an access token signed with the same secret.
const AUDIENCE = 'parley:oauth-login-state';
const key = (secret: string) => new TextEncoder().encode(secret);

export function sealLoginState(secret: string, state: LoginState): Promise<string> {
  return new SignJWT({ ...state })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${LOGIN_STATE_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** The state sealed by `sealLoginState`, or undefined when forged, expired or absent. */
export async function openLoginState(secret: string, sealed: string | undefined): Promise<LoginState | undefined> {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtVerify(sealed, key(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const { provider, state, codeVerifier, nonce } = payload as Partial<LoginState>;
    if (!provider || !state || !codeVerifier || !nonce) return undefined;
    return { provider, state, codeVerifier, nonce };
  } catch {
    return undefined;
  }
}
