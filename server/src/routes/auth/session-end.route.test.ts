import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_USER_TTL_MS } from '../../services/auth/auth-user-cache.ts';
import { banUser, createUserAccount, deleteUser } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient, refreshCookie } from '../../test-support/auth-client.ts';

/** One request's worth of slack on top of the 2 s the cache may keep a row. */
const WITHIN_MS = AUTH_USER_TTL_MS + 300;

describe.each(testDatabaseKinds)('access tokens end with the session on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  const client = () => authClient(t.app, `198.51.100.${++ip}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { ALLOW_PASSWORD_RESET_LINK: 'true' });
  });
  afterAll(() => t.close());

  /** Signs in (the token works, and this process now caches the user), returning token and cookie. */
  async function signedIn(email: string, password = 'first-password') {
    const c = client();
    const res = await c.login(email, password);
    expect(res.statusCode).toBe(200);
    const token: string = res.json().token;
    expect((await c.me(token)).statusCode).toBe(200);
    return { c, token, cookie: refreshCookie(res)!.value };
  }

  const account = (email: string) => createUserAccount(t.ctx.db, { email, name: 'Session User', password: 'first-password' });

  /** Polls GET /api/user with the token until it answers 401; the milliseconds that took. */
  async function msUntilRefused(token: string): Promise<number> {
    const started = performance.now();
    await vi.waitFor(async () => expect((await client().me(token)).statusCode).toBe(401), { timeout: WITHIN_MS, interval: 50 });
    return performance.now() - started;
  }

  it('logout ends every access token of the user, and a login right after works at once', async () => {
    await account('logout@example.com');
    const laptop = await signedIn('logout@example.com');
    const phone = await signedIn('logout@example.com');

    expect((await laptop.c.logout(laptop.cookie)).statusCode).toBe(200);
    expect(await msUntilRefused(laptop.token)).toBeLessThan(WITHIN_MS);
    expect((await phone.c.me(phone.token)).statusCode).toBe(401);

    // The phone's login is still open: its refresh cookie buys a token that works.
    const refreshed = await phone.c.refresh(phone.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect((await phone.c.me(refreshed.json().token)).statusCode).toBe(200);
    // A new login is not refused for the rest of the cache's TTL.
    const again = await laptop.c.login('logout@example.com', 'first-password');
    expect((await laptop.c.me(again.json().token)).statusCode).toBe(200);
  });

  it('a password reset ends every access token of the user', async () => {
    await account('reset-end@example.com');
    const { c, token } = await signedIn('reset-end@example.com');
    const link = new URL((await c.requestReset('reset-end@example.com')).json().link);
    const body = { token: link.searchParams.get('token'), userId: link.searchParams.get('userId'), password: 'second-password', confirm_password: 'second-password' };
    expect((await c.resetPassword(body)).statusCode).toBe(200);
    expect(await msUntilRefused(token)).toBeLessThan(WITHIN_MS);
  });

  it('a ban made by another process ends every access token of the user within 2 s', async () => {
    await account('ban-end@example.com');
    const { token } = await signedIn('ban-end@example.com');
    await banUser(t.ctx.db, 'ban-end@example.com', 60);
    expect(await msUntilRefused(token)).toBeLessThan(WITHIN_MS);
  });

  it('a deletion made by another process ends every access token of the user within 2 s', async () => {
    await account('delete-end@example.com');
    const { token } = await signedIn('delete-end@example.com');
    await deleteUser(t.ctx.db, 'delete-end@example.com');
    expect(await msUntilRefused(token)).toBeLessThan(WITHIN_MS);
  });
});
