import { startSmtpCatcher, type SmtpCatcher } from '@parley/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema.ts';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient, refreshCookie } from '../../test-support/auth-client.ts';

const texts = {
  sent: 'An email has been sent to you with further instructions to reset your password.',
  done: 'You may now login with your new password.',
  unknown:
    'There was a problem resetting your password. There was no user found with the email address provided. Please try again.',
  invalid: 'This password reset token is no longer valid.',
  unavailable:
    'Password reset is not available on this server because it cannot send email. Ask its operator to reset your password.',
};

const resetBody = (link: string, password: string) => {
  const url = new URL(link);
  return { token: url.searchParams.get('token'), userId: url.searchParams.get('userId'), password, confirm_password: password };
};

describe.each(testDatabaseKinds)('password reset by mail on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let ip = 0;
  const client = () => authClient(t.app, `192.0.2.${++ip}`);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, APP_TITLE: 'Team Chat', PUBLIC_URL: 'https://chat.example.com/' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const account = (email: string) => createUserAccount(t.ctx.db, { email, name: 'Reset User', password: 'old-password' });
  const mailedLink = async (email: string) => {
    const mail = await smtp.waitForMail(email);
    const link = mail.text.match(/https:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    return { mail, link: link! };
  };

  it('mails a link to PUBLIC_URL/reset-password, whatever Host the request named, that sets a new password once', async () => {
    const user = await account('reset@example.com');
    const c = client();
    const session = refreshCookie(await c.login('reset@example.com', 'old-password'))!.value;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/requestPasswordReset',
      payload: { email: 'Reset@Example.com' },
      remoteAddress: '192.0.2.250',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.sent });

    const { mail, link } = await mailedLink('reset@example.com');
    expect(mail.subject).toContain('Team Chat');
    expect(link).toMatch(new RegExp(`^https://chat\\.example\\.com/reset-password\\?token=[\\w-]{43}&userId=${user.id}$`));
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const done = await c.resetPassword(resetBody(link, 'brand-new-password'));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: texts.done });

    expect((await c.login('reset@example.com', 'brand-new-password')).statusCode).toBe(200);
    expect((await c.login('reset@example.com', 'old-password')).statusCode).toBe(401);
    // Whoever held the old password is signed out everywhere.
    expect((await c.refresh(session)).statusCode).toBe(401);

    const again = await c.resetPassword(resetBody(link, 'third-password'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'reset_token_invalid', message: texts.invalid });
  });

  it('voids an older link when a new one is requested', async () => {
    await account('twice@example.com');
    const c = client();
    await c.requestReset('twice@example.com');
    const older = (await mailedLink('twice@example.com')).link;
    await c.requestReset('twice@example.com');
    const newer = (await mailedLink('twice@example.com')).link;
    expect((await c.resetPassword(resetBody(older, 'new-password-1'))).statusCode).toBe(400);
    expect((await c.resetPassword(resetBody(newer, 'new-password-2'))).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await account('late@example.com');
    const c = client();
    await c.requestReset('late@example.com');
    const { link } = await mailedLink('late@example.com');
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await c.resetPassword(resetBody(link, 'too-late-password'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'reset_token_invalid', message: texts.invalid });
    expect((await c.login('late@example.com', 'old-password')).statusCode).toBe(200);
  });

  it("refuses a token presented with another user's id", async () => {
    await account('victim@example.com');
    const other = await account('other@example.com');
    const c = client();
    await c.requestReset('victim@example.com');
    const { link } = await mailedLink('victim@example.com');
    const res = await c.resetPassword({ ...resetBody(link, 'hijack-password'), userId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('reset_token_invalid');
  });

  it('answers 404 with the SPEC text for an unknown address and sends nothing', async () => {
    const res = await client().requestReset('stranger@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'reset_user_not_found', message: texts.unknown, status: 404 });
    expect(smtp.messages.some((m) => m.to === 'stranger@example.com')).toBe(false);
  });

  it.each([
    ['token', { token: undefined }, 'validation.reset.token'],
    ['userId', { userId: '' }, 'validation.reset.userId'],
    ['password', { password: 'short', confirm_password: 'short' }, 'validation.password.min'],
    ['confirm_password', { confirm_password: 'different-password' }, 'validation.confirm.mismatch'],
  ])('answers 400 validation when %s is wrong', async (field, overrides, key) => {
    const body = { token: 't'.repeat(43), userId: 'u', password: 'valid-password', confirm_password: 'valid-password', ...overrides };
    const res = await client().resetPassword(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[field]).toBe(key);
  });

  it('refuses the sixth reset request from one IP within 15 minutes', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) expect((await c.requestReset(`flood${i}@example.com`)).statusCode).toBe(404);
    const res = await c.requestReset('flood5@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('answers 400 validation for a malformed address', async () => {
    const res = await client().requestReset('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.email).toBe('validation.email.invalid');
  });
});

describe.each(testDatabaseKinds)('password reset without email on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 403 password_reset_unavailable, names the operator, and issues no token', async () => {
    const user = await createUserAccount(t.ctx.db, { email: 'nomail@example.com', name: 'No Mail', password: 'old-password' });
    const res = await authClient(t.app).requestReset('nomail@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'password_reset_unavailable', status: 403, message: texts.unavailable });
    expect(res.body).not.toContain('reset-password?');
    expect(await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  it('gives the same answer for an unknown address, so nothing about accounts leaks', async () => {
    const res = await authClient(t.app).requestReset('stranger@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('password_reset_unavailable');
  });
});

describe.each(testDatabaseKinds)('password reset link in the page (ALLOW_PASSWORD_RESET_LINK) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ALLOW_PASSWORD_RESET_LINK: 'true', PUBLIC_URL: 'https://chat.example.com', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('hands back a link on PUBLIC_URL whatever Host or X-Forwarded-Host say, and the link works', async () => {
    await createUserAccount(t.ctx.db, { email: 'single@example.com', name: 'Single User', password: 'old-password' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/requestPasswordReset',
      payload: { email: 'single@example.com' },
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode).toBe(200);
    const { link } = res.json();
    expect(link).toMatch(/^https:\/\/chat\.example\.com\/reset-password\?token=[\w-]{43}&userId=/);
    const c = authClient(t.app);
    expect((await c.resetPassword(resetBody(link, 'fresh-password'))).statusCode).toBe(200);
    expect((await c.login('single@example.com', 'fresh-password')).statusCode).toBe(200);
  });
});
