import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live in the SPA's memory only, so a short life bounds what a leaked one can do. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Whom a token speaks for: the user, and the user's session version when it was signed. */
export interface TokenSubject {
  id: string;
  sessionVersion: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, subject: TokenSubject, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sv: subject.sessionVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** Tokens remembered as verified; past this the oldest is forgotten (each is a few hundred bytes). */
const VERIFIED_TOKENS_MAX = 5_000;

export interface AccessTokenVerifier {
  /**
   * The claims of a valid token, or undefined for a forged, malformed or expired one. A token
   * without `exp` would never expire and one without a session version could not be ended, so
   * both are refused even when the signature is ours.
   */
  verify(token: string, now?: number): Promise<TokenSubject | undefined>;
}

/**
 * Verifies access tokens with the secret imported once. A token that verified is remembered
 * (the exact string) until its `exp`, so the next requests that carry it skip the HMAC: a
 * signed-in user sends the same token for up to 15 minutes. The session version is still
 * checked against the user row on every request.
 */
export function createAccessTokenVerifier(secret: string): AccessTokenVerifier {
  const cryptoKey = crypto.subtle.importKey('raw', key(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const verified = new Map<string, TokenSubject & { exp: number }>();
  const remember = (token: string, claims: TokenSubject & { exp: number }) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  return {
    async verify(token, now = Date.now()) {
      const nowSeconds = Math.floor(now / 1000);
      const known = verified.get(token);
      if (known) {
        if (known.exp > nowSeconds) return { id: known.id, sessionVersion: known.sessionVersion };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'], currentDate: new Date(now) });
        if (typeof payload.sub !== 'string' || !Number.isSafeInteger(payload.sv)) return undefined;
        const subject = { id: payload.sub, sessionVersion: payload.sv as number };
        remember(token, { ...subject, exp: payload.exp! });
        return subject;
      } catch {
        return undefined;
      }
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Access tokens checked against JWT_SECRET, each remembered once verified. */
    accessTokens: AccessTokenVerifier;
  }
}
