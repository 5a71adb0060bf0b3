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

/**
 * The claims of a valid token, or undefined for a forged, malformed or expired one. A token
 * without `exp` would never expire and one without a session version could not be ended, so
 * both are refused even when the signature is ours.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenSubject | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (typeof payload.sub !== 'string' || !Number.isSafeInteger(payload.sv)) return undefined;
    return { id: payload.sub, sessionVersion: payload.sv as number };
  } catch {
    return undefined;
  }
}
