import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/access-token.ts';
import { openLoginState, sealLoginState, type LoginState } from './login-state.ts';

const secret = 'login-state-test-secret-0123456789';
const login: LoginState = { provider: 'github', state: 'st', codeVerifier: 'verifier', nonce: 'nonce' };

describe('login state cookie', () => {
  it('opens what it sealed', async () => {
    expect(await openLoginState(secret, await sealLoginState(secret, login))).toEqual(login);
  });

  it('rejects a state sealed with another secret or altered in transit', async () => {
    const sealed = await sealLoginState(secret, login);
    expect(await openLoginState('another-secret-0123456789abcdef', sealed)).toBeUndefined();
    const [header, , signature] = sealed.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...login, state: 'attacker' })).toString('base64url');
    expect(await openLoginState(secret, `${header}.${forgedPayload}.${signature}`)).toBeUndefined();
  });

  it('rejects an expired state', async () => {
    const stale = await new SignJWT({ ...login })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('parley:oauth-login-state')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    expect(await openLoginState(secret, stale)).toBeUndefined();
  });

  it('never accepts an access token signed with the same secret', async () => {
    expect(await openLoginState(secret, await signAccessToken(secret, { id: 'user-1', sessionVersion: 0 }))).toBeUndefined();
  });
});
