import { userSchema } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { sha256 } from '../../services/sessions/refresh-token.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../services/sessions/session-service.ts';
import { banUser, createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient, refreshCookie, registration } from '../../test-support/auth-client.ts';

const texts = {
  invalidCredentials: 'Unable to login with the information provided. Please check your credentials and try again.',
  tooManyLogins: 'Too many login attempts in a short amount of time. Please try again later.',
  tooManyRegistrations: 'Too many accounts created from this IP. Please try again later.',
  banned: 'Your account has been temporarily banned due to violations of our service.',
};

describe.each(testDatabaseKinds)('account API on %s', (kind) => {
  let t: TestApp;
  let ipCounter = 0;
  const client = () => authClient(t.app, `198.51.100.${++ipCounter}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  describe('POST /api/auth/register', () => {
    it('creates the account, answers {user, token} and sets the httpOnly SameSite=Strict refresh cookie', async () => {
      const c = client();
      const res = await c.register(registration('first@example.com', { username: 'ada' }));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(userSchema.parse(body.user)).toMatchObject({ email: 'first@example.com', name: 'Ada Lovelace', username: 'ada', provider: 'local' });
      expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
      const cookie = refreshCookie(res)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value.length).toBeGreaterThanOrEqual(43);
      expect((await c.me(body.token)).json().id).toBe(body.user.id);
    });

    it('makes the first account the admin and later ones plain users', async () => {
      const me = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.250', payload: { email: 'first@example.com', password: 'analytical-engine' } });
      expect(me.json().user.role).toBe('admin');
      const res = await client().register(registration('second@example.com'));
      expect(res.json().user.role).toBe('user');
    });

    it('refuses an address already taken, whatever its case', async () => {
      const res = await client().register(registration('FIRST@Example.com'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'email_taken', status: 409 });
    });

    it.each([
      ['name too short', { name: 'Al' }, 'name', 'validation.name.min'],
      ['name missing', { name: undefined }, 'name', 'validation.name.required'],
      ['email malformed', { email: 'not-an-email' }, 'email', 'validation.email.invalid'],
      ['email too short', { email: 'a@b.c' }, 'email', 'validation.email.min'],
      ['password too short', { password: 'short', confirm_password: 'short' }, 'password', 'validation.password.min'],
      ['password too long', { password: 'x'.repeat(128), confirm_password: 'x'.repeat(128) }, 'password', 'validation.password.max'],
      ['confirmation differs', { confirm_password: 'something-else' }, 'confirm_password', 'validation.confirm.mismatch'],
      ['username too short', { username: 'a' }, 'username', 'validation.username.min'],
      ['username too long', { username: 'u'.repeat(20) }, 'username', 'validation.username.max'],
    ])('answers 400 validation for %s', async (_label, overrides, field, key) => {
      const res = await client().register(registration(`valid-${field}@example.com`, overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', status: 400, data: { fields: { [field]: key } } });
    });

    it('refuses the sixth registration from one IP within the hour, with the exact text and Retry-After', async () => {
      const c = client();
      for (let i = 0; i < 5; i++) expect((await c.register(registration(`burst${i}@example.com`))).statusCode).toBe(200);
      const res = await c.register(registration('burst5@example.com'));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'too_many_registrations', message: texts.tooManyRegistrations, status: 429 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await client().register(registration('burst5@example.com'))).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/login', () => {
    const email = 'login@example.com';
    const password = 'difference-engine';
    beforeAll(async () => {
      await createUserAccount(t.ctx.db, { email, name: 'Login User', password });
      await createUserAccount(t.ctx.db, { email: 'banned@example.com', name: 'Banned User', password });
      await banUser(t.ctx.db, 'banned@example.com', 60);
    });

    it('answers {user, token} and a refresh cookie for the right password, any email case', async () => {
      const res = await client().login('Login@Example.COM', password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(email);
      expect(typeof res.json().token).toBe('string');
      expect(refreshCookie(res)?.value).toBeTruthy();
    });

    it('refuses a wrong password with the exact SPEC text', async () => {
      const res = await client().login(email, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_credentials', message: texts.invalidCredentials, status: 401 });
      expect(refreshCookie(res)).toBeUndefined();
    });

    it('answers an unknown address exactly like a wrong password', async () => {
      const res = await client().login('nobody@example.com', password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_credentials', message: texts.invalidCredentials, status: 401 });
    });

    it('refuses a banned account with the ban text, but only to someone holding its password', async () => {
      const res = await client().login('banned@example.com', password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'banned', message: texts.banned });
      expect((await client().login('banned@example.com', 'wrong-password')).statusCode).toBe(401);
    });

    it('refuses the eighth attempt from one IP within five minutes, successful ones included', async () => {
      const c = client();
      for (let i = 0; i < 6; i++) expect((await c.login(email, 'wrong-password')).statusCode).toBe(401);
      expect((await c.login(email, password)).statusCode).toBe(200);
      const res = await c.login(email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'too_many_login_attempts', message: texts.tooManyLogins, status: 429 });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(290);
      expect(retryAfter).toBeLessThanOrEqual(300);
    });

    it('answers 400 validation for a malformed email before checking anything', async () => {
      const res = await client().login('nope', password);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual({ email: 'validation.email.min' });
    });
  });

  describe('POST /api/auth/refresh and /api/auth/logout', () => {
    const password = 'refresh-password';
    let loginCookie: string;
    beforeAll(async () => {
      await createUserAccount(t.ctx.db, { email: 'refresh@example.com', name: 'Refresh User', password });
    });

    const login = async (email = 'refresh@example.com') => {
      const res = await client().login(email, password);
      expect(res.statusCode).toBe(200);
      return refreshCookie(res)!.value;
    };

    it('answers 401 and clears the cookie when there is no cookie', async () => {
      const res = await client().refresh();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized', status: 401 });
      expect(refreshCookie(res)?.value).toBe('');
    });

    it('answers 401 for a token it never issued', async () => {
      const res = await client().refresh('made-up-token');
      expect(res.statusCode).toBe(401);
      expect(refreshCookie(res)?.value).toBe('');
    });

    it('rotates: a new access token, the user and a new cookie; the old cookie is spent', async () => {
      loginCookie = await login();
      const res = await client().refresh(loginCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe('refresh@example.com');
      expect((await client().me(res.json().token)).statusCode).toBe(200);
      const rotated = refreshCookie(res)!.value;
      expect(rotated).not.toBe(loginCookie);
      expect(refreshCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

      const second = await client().refresh(rotated);
      expect(second.statusCode).toBe(200);
      loginCookie = refreshCookie(second)!.value;
    });

    it('revokes the whole login when a rotated token is presented again after the grace period', async () => {
      const first = await login();
      const rotatedRes = await client().refresh(first);
      const rotated = refreshCookie(rotatedRes)!.value;
      await t.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
        .where(eq(sessions.tokenHash, sha256(first)));

      const replay = await client().refresh(first);
      expect(replay.statusCode).toBe(401);
      expect(refreshCookie(replay)?.value).toBe('');
      expect((await client().refresh(rotated)).statusCode).toBe(401);
      // Other logins of the same user are untouched.
      expect((await client().refresh(loginCookie)).statusCode).toBe(200);
    });

    it('keeps the login when its old token comes back within the grace period (a reload lost the new cookie)', async () => {
      const first = await login();
      const lost = await client().refresh(first);
      expect(lost.statusCode).toBe(200);
      const again = await client().refresh(first);
      expect(again.statusCode).toBe(200);
      const kept = refreshCookie(again)!.value;
      // The successor nobody stored is spent; the one handed out now carries the login on.
      expect((await client().refresh(kept)).statusCode).toBe(200);
      const [spent] = await t.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(refreshCookie(lost)!.value)));
      expect(spent!.revokedAt).not.toBeNull();
    });

    it('lets two simultaneous refreshes with the same token both through, one after the other', async () => {
      const cookie = await login();
      const results = await Promise.all([client().refresh(cookie), client().refresh(cookie)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const cookies = results.map((r) => refreshCookie(r)!.value);
      expect(new Set(cookies).size).toBe(2);
    });

    it('answers 401 for an expired refresh token', async () => {
      const cookie = await login();
      const res = await client().refresh(cookie);
      const current = refreshCookie(res)!.value;
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, sha256(current)));
      const expired = await client().refresh(current);
      expect(expired.statusCode).toBe(401);
      expect(refreshCookie(expired)?.value).toBe('');
    });

    it('answers 403 banned and clears the cookie when the user was banned since login', async () => {
      await createUserAccount(t.ctx.db, { email: 'later-banned@example.com', name: 'Later Banned', password });
      const cookie = await login('later-banned@example.com');
      await banUser(t.ctx.db, 'later-banned@example.com', 30);
      const res = await client().refresh(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'banned', message: texts.banned });
      expect(refreshCookie(res)?.value).toBe('');
    });

    it('logout answers {message}, clears the cookie and revokes the session', async () => {
      const cookie = await login();
      const res = await client().logout(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(refreshCookie(res)?.value).toBe('');
      expect((await client().refresh(cookie)).statusCode).toBe(401);
    });

    it('logout without a cookie still succeeds', async () => {
      expect((await client().logout()).statusCode).toBe(200);
    });
  });
});

describe.each(testDatabaseKinds)('account API with registration closed and an https PUBLIC_URL on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ALLOW_REGISTRATION: 'false', PUBLIC_URL: 'https://chat.example.com' });
  });
  afterAll(() => t.close());

  it('refuses registration with 403 registration_disabled', async () => {
    const res = await authClient(t.app).register(registration('closed@example.com'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'registration_disabled', status: 403 });
  });

  it('marks the refresh cookie Secure when the public address is https', async () => {
    await createUserAccount(t.ctx.db, { email: 'secure@example.com', name: 'Secure User', password: 'secure-password' });
    const res = await authClient(t.app).login('secure@example.com', 'secure-password');
    expect(refreshCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });
});
