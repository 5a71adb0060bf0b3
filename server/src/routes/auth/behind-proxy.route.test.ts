import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { refreshCookie } from '../../test-support/auth-client.ts';

const PROXY = '10.0.0.2';

describe.each(testDatabaseKinds)('behind a reverse proxy on %s', (kind) => {
  describe.each([
    ['true', 'one hop'],
    ['10.0.0.0/8', 'the proxy network'],
    ['192.0.2.250, 10.0.0.2', 'a list of proxy addresses'],
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

  /** An app whose log lines the test reads. */
  const loggedApp = async (env: Record<string, string>) => {
    const { lines, log } = bufferLogger();
    return { t: await createTestApp(kind, env, { log }), logged: lines };
  };

  describe('TRUST_PROXY=1 with no proxy in front', () => {
    let t: TestApp;
    let logged: string[];
    beforeAll(async () => {
      ({ t, logged } = await loggedApp({ TRUST_PROXY: '1', LOGIN_MAX: '3', LOGIN_ACCOUNT_MAX: '5' }));
      await createUserAccount(t.ctx.db, { email: 'exposed@example.com', name: 'Exposed User', password: 'right-password' });
    });
    afterAll(() => t.close());

    const direct = (email: string, password: string, forwardedFor?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.80',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { email, password },
      });
    const noProxyWarnings = () => logged.filter((line) => line.includes('arrived without X-Forwarded-For'));

    it('warns once that requests arrive without X-Forwarded-For', async () => {
      expect(noProxyWarnings()).toEqual([]);
      await direct('nobody@example.com', 'any-password');
      await direct('nobody@example.com', 'any-password');
      expect(noProxyWarnings()).toHaveLength(1);
      expect(noProxyWarnings()[0]).toContain('203.0.113.80');
    });

    it('still limits guesses at one account when each comes from a made-up address', async () => {
      const guess = (i: number, email = ' Exposed@Example.com') => direct(email, `guess-${i}`, `198.51.100.${i}`);
      for (let i = 1; i <= 5; i++) expect((await guess(i)).statusCode).toBe(401);
      const refused = await guess(6, 'exposed@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('too_many_login_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits out the window; another account is not affected.
      expect((await direct('exposed@example.com', 'right-password', '198.51.100.7')).statusCode).toBe(429);
      expect((await direct('someone-else@example.com', 'any-password', '198.51.100.8')).statusCode).toBe(401);
    });
  });

  describe('TRUST_PROXY as a list of proxy addresses', () => {
    let t: TestApp;
    let logged: string[];
    beforeAll(async () => {
      ({ t, logged } = await loggedApp({ TRUST_PROXY: `192.0.2.250,${PROXY}`, LOGIN_MAX: '3' }));
    });
    afterAll(() => t.close());

    it('counts a client that is not one of the proxies under its own address, whatever it forwards, and does not warn', async () => {
      const attempt = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.90',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `user-${i}@example.com`, password: 'any-password' },
        });
      for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      expect((await attempt(4)).statusCode).toBe(429);
      expect(logged.filter((line) => line.includes('arrived without X-Forwarded-For'))).toEqual([]);
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
