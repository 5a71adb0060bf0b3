import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokenVerifier, signAccessToken } from './access-token.ts';

const secret = 'access-secret-0123456789abcdef';
const user = { id: 'user-1', sessionVersion: 3 };
const verifyAccessToken = (withSecret: string, token: string, now?: number) => createAccessTokenVerifier(withSecret).verify(token, now);

describe('access tokens', () => {
  it('answers the user and session version of a valid token', async () => {
    const token = await signAccessToken(secret, user);
    expect(await verifyAccessToken(secret, token)).toEqual(user);
    expect(await verifyAccessToken(secret, token)).toEqual(user);
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = await signAccessToken('another-secret-0123456789abcdef', user);
    expect(await verifyAccessToken(secret, foreign)).toBeUndefined();
    expect(await verifyAccessToken('another-secret-0123456789abcdef', foreign)).toEqual(user);
  });

  it('refuses a tampered, malformed or expired token', async () => {
    const token = await signAccessToken(secret, user);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', exp: 9_999_999_999 })).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${forgedPayload}.${signature}`)).toBeUndefined();
    expect(await verifyAccessToken(secret, 'not-a-token')).toBeUndefined();
    const expired = await signAccessToken(secret, user, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    expect(await verifyAccessToken(secret, expired)).toBeUndefined();
  });

  it('refuses a token of ours that never expires or carries no session version', async () => {
    const sign = (claims: Record<string, unknown>, exp?: number) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setIssuedAt();
      return (exp === undefined ? jwt : jwt.setExpirationTime(exp)).sign(new TextEncoder().encode(secret));
    };
    const inAMinute = Math.floor(Date.now() / 1000) + 60;
    expect(await verifyAccessToken(secret, await sign({ sv: 0 }, inAMinute))).toEqual({ id: 'user-1', sessionVersion: 0 });
    expect(await verifyAccessToken(secret, await sign({ sv: 0 }))).toBeUndefined();
    expect(await verifyAccessToken(secret, await sign({}, inAMinute))).toBeUndefined();
    expect(await verifyAccessToken(secret, await sign({ sv: '0' }, inAMinute))).toBeUndefined();
  });

  it('remembers a verified token until its expiry, and never a refused one', async () => {
    const verifier = createAccessTokenVerifier(secret);
    const signedAt = Date.now();
    const token = await signAccessToken(secret, user, signedAt);
    expect(await verifier.verify(token, signedAt)).toEqual(user);
    expect(await verifier.verify(token, signedAt + 1000)).toEqual(user);
    expect(await verifier.verify(token, signedAt + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', sv: 0, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(await verifier.verify(forged)).toBeUndefined();
    expect(await verifier.verify(forged)).toBeUndefined();
  });
});
