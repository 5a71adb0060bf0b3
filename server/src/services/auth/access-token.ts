import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live in the SPA's memory only, so a short life bounds what a leaked one can do. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, userId: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The user id of a valid token, or undefined for a forged, malformed or expired one. */
export async function verifyAccessToken(secret: string, token: string): Promise<string | undefined> {
  try {
    // A token without exp would never end, so one is required even though we always set it.
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
