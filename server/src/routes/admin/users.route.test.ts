import type { AdminPage, AdminUser, AuditEntry } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient } from '../../test-support/auth-client.ts';
import { callAdmin, signUpAccount, type CallerHeaders } from '../../test-support/admin-callers.ts';
import { findUserByEmail } from '../../services/users/user-service.ts';

describe.each(testDatabaseKinds)('the console’s Users section on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAccount>>;
  const ip = '192.0.2.77';
  const as = (headers: CallerHeaders, method: string, url: string, payload?: unknown) => callAdmin(t.app, headers, method, url, payload, ip);
  const lastAudit = async (action: string) => (await as(admin.headers, 'GET', `/api/admin/audit?action=${action}`)).json<AdminPage<AuditEntry>>().items[0];

  beforeAll(async () => {
    t = await createTestApp(kind, { CHECK_BALANCE: 'true', START_BALANCE: '100', LOGIN_MAX: '100' });
    admin = await signUpAccount(t.ctx, { admin: true, email: `boss-${kind}@example.com` });
  });
  afterAll(() => t.close());

  it('lists and searches accounts only, with their state', async () => {
    const user = await signUpAccount(t.ctx, { email: `zebra-finder-${kind}@example.com` });
    const page = (await as(admin.headers, 'GET', '/api/admin/users?q=zebra-finder')).json<AdminPage<AdminUser>>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: user.userId, role: 'user', bannedUntil: null, balance: null });
    expect(JSON.stringify(page)).not.toMatch(/password|session/i);
    const admins = (await as(admin.headers, 'GET', '/api/admin/users?status=admin')).json<AdminPage<AdminUser>>();
    expect(admins.items.map((u) => u.email)).toContain(admin.email);
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
  });

  it('bans with a reason and an end: the user’s token and login stop at once, and the audit log says who, what, before, after and from where', async () => {
    const user = await signUpAccount(t.ctx, { email: `banned-${kind}@example.com` });
    expect((await as(user.headers, 'GET', '/api/convos')).statusCode).toBe(200);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/ban`, { reason: 'spam', until });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({ bannedUntil: until, banReason: 'spam' });
    // The ban moved the session version: the token is refused on its next check, login refuses the password.
    expect((await as(user.headers, 'GET', '/api/convos')).statusCode).toBe(401);
    expect((await authClient(t.app, '198.51.100.90').login(user.email, 'correct horse battery')).json().error).toBe('banned');

    expect(await lastAudit('user.ban')).toMatchObject({
      actor: { kind: 'account', userId: admin.userId, email: admin.email },
      target: user.email,
      before: { bannedUntil: null, banReason: null },
      after: { bannedUntil: until, banReason: 'spam' },
      ip,
    });

    const unbanned = await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/unban`);
    expect(unbanned.json<AdminUser>()).toMatchObject({ bannedUntil: null, banReason: null });
    expect((await authClient(t.app, '198.51.100.90').login(user.email, 'correct horse battery')).statusCode).toBe(200);
    expect(await lastAudit('user.unban')).toMatchObject({ before: { banReason: 'spam' }, after: { bannedUntil: null } });
  });

  it('refuses a ban that ended already, and an admin banning, demoting or deleting themselves', async () => {
    const user = await signUpAccount(t.ctx);
    const past = await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/ban`, { reason: 'late', until: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    for (const [url, body] of [['ban', { reason: 'oops', until: null }], ['role', { role: 'user' }], ['delete', { confirmEmail: admin.email }]] as const) {
      expect((await as(admin.headers, 'POST', `/api/admin/users/${admin.userId}/${url}`, body)).statusCode).toBe(403);
    }
  });

  it('adds credits exactly, with a ledger entry, and refuses fractions', async () => {
    const user = await signUpAccount(t.ctx);
    const added = await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/credits`, { amount: 2500 });
    expect(added.json<AdminUser>().balance).toBe(2600);
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/credits`, { amount: 1.5 })).statusCode).toBe(400);
    expect(await lastAudit('user.credit')).toMatchObject({ before: { balance: null }, after: { balance: 2600 } });
  });

  it('promotes to admin and back', async () => {
    const user = await signUpAccount(t.ctx);
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/role`, { role: 'admin' })).json<AdminUser>().role).toBe('admin');
    expect((await as(user.headers, 'GET', '/api/admin/session')).statusCode).toBe(200);
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/role`, { role: 'user' })).json<AdminUser>().role).toBe('user');
    expect(await lastAudit('user.demote')).toMatchObject({ before: { role: 'admin' }, after: { role: 'user' } });
  });

  it('shows the admin a one-time reset link that sets a new password', async () => {
    const user = await signUpAccount(t.ctx);
    const { link } = (await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/reset-link`)).json<{ link: string }>();
    const url = new URL(link);
    expect(url.origin).toBe('http://127.0.0.1:3080');
    const reset = await authClient(t.app).resetPassword({
      userId: url.searchParams.get('userId'),
      token: url.searchParams.get('token'),
      password: 'a brand new password',
      confirm_password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await authClient(t.app, '198.51.100.91').login(user.email, 'a brand new password')).statusCode).toBe(200);
    expect((await lastAudit('user.reset-link'))?.target).toBe(user.email);
  });

  it('deletes an account with its data only once its address is typed again', async () => {
    const user = await signUpAccount(t.ctx);
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/delete`, { confirmEmail: 'someone@else.com' })).statusCode).toBe(400);
    expect(await findUserByEmail(t.ctx.db, user.email)).toBeDefined();
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/delete`, { confirmEmail: user.email.toUpperCase() })).statusCode).toBe(200);
    expect(await findUserByEmail(t.ctx.db, user.email)).toBeUndefined();
    expect(await lastAudit('user.delete')).toMatchObject({ target: user.email, after: null });
    expect((await as(admin.headers, 'POST', `/api/admin/users/${user.userId}/unban`)).statusCode).toBe(404);
  });
});
