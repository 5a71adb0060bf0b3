import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts';

const secret = 'access-secret-0123456789abcdef';

describe('access tokens', () => {
  it('answers the user of a valid token', async () => {
    const token = await signAccessToken(secret, 'user-1');
    expect(await verifyAccessToken(secret, token)).toBe('user-1');
    expect(await verifyAccessToken(secret, token)).toBe('user-1');
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = await signAccessToken('another-secret-0123456789abcdef', 'user-1');
    expect(await verifyAccessToken(secret, foreign)).toBeUndefined();
    expect(await verifyAccessToken('another-secret-0123456789abcdef', foreign)).toBe('user-1');
  });

  it('refuses a tampered, malformed or expired token', async () => {
    const token = await signAccessToken(secret, 'user-1');
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', exp: 9_999_999_999 })).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${forgedPayload}.${signature}`)).toBeUndefined();
    expect(await verifyAccessToken(secret, 'not-a-token')).toBeUndefined();
    const expired = await signAccessToken(secret, 'user-1', Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    expect(await verifyAccessToken(secret, expired)).toBeUndefined();
  });
});
