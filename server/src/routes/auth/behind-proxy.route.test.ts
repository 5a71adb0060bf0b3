import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { refreshCookie } from '../../test-support/auth-client.ts';

const PROXY = '10.0.0.2';

describe.each(testDatabaseKinds)('behind a reverse proxy on %s', (kind) => {
  describe.each([
    ['true', 'one hop'],
    ['10.0.0.0/8', 'the proxy network'],
  ])('TRUST_PROXY=%s (%s)', (trustProxy) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { TRUST_PROXY: trustProxy, LOGIN_MAX: '3' });
      await createUserAccount(t.ctx.db, { email: 'proxied@example.com', name: 'Proxied User', password: 'right-password' });
    });
    afterAll(() => t.close());

    const login = (headers: Record<string, string>, password = 'right-password') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: PROXY, headers, payload: { email: 'proxied@example.com', password } });

    it('counts logins against the client the proxy saw, however the client rotates X-Forwarded-For', async () => {
      // The proxy appends the address it saw to whatever the client sent.
      const attempt = (i: number) => login({ 'x-forwarded-for': `192.0.2.${i}, 203.0.113.50` }, 'wrong-password');
      for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      const fourth = await attempt(4);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toBe('too_many_login_attempts');
      // Another client behind the same proxy keeps its own budget.
      expect((await login({ 'x-forwarded-for': '192.0.2.1, 203.0.113.51' })).statusCode).toBe(200);
    });

    it('marks the refresh cookie Secure when the proxy says the browser came over TLS', async () => {
      const tls = await login({ 'x-forwarded-for': '203.0.113.60', 'x-forwarded-proto': 'https' });
      expect(refreshCookie(tls)!.secure).toBe(true);
      const rotated = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '203.0.113.60', 'x-forwarded-proto': 'https' },
        cookies: { token: refreshCookie(tls)!.value },
      });
      expect(refreshCookie(rotated)!.secure).toBe(true);
      const plain = await login({ 'x-forwarded-for': '203.0.113.61', 'x-forwarded-proto': 'http' });
      expect(refreshCookie(plain)!.secure).toBeFalsy();
    });
  });

  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await createUserAccount(t.ctx.db, { email: 'direct@example.com', name: 'Direct User', password: 'right-password' });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-Proto from a client it was not told to trust', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.70',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'direct@example.com', password: 'right-password' },
      });
      expect(res.statusCode).toBe(200);
      expect(refreshCookie(res)!.secure).toBeFalsy();
    });
  });
});
