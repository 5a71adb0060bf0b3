import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** An operator session lasts an hour; the operator signs in again after it. */
export const OPERATOR_SESSION_TTL_SECONDS = 60 * 60;

const AUDIENCE = 'parley-operator-console';

/** Its own key, derived from JWT_SECRET, so no access token can pass for an operator session or the reverse. */
const operatorKey = (jwtSecret: string) => new Uint8Array(createHmac('sha256', jwtSecret).update('operator-console-session').digest());

/** Signs the console session of the ADMIN_PASSWORD operator, bound to the password's version. */
export function signOperatorSession(jwtSecret: string, passwordVersion: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ pv: passwordVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('operator')
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + OPERATOR_SESSION_TTL_SECONDS)
    .sign(operatorKey(jwtSecret));
}

/** Whether `token` is a live operator session signed under the current password. */
export async function verifyOperatorSession(jwtSecret: string, passwordVersion: string, token: string, now = Date.now()): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, operatorKey(jwtSecret), {
      audience: AUDIENCE,
      subject: 'operator',
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'pv'],
      currentDate: new Date(now),
    });
    return payload.pv === passwordVersion;
  } catch {
    return false;
  }
}
