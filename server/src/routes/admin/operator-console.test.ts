import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient, registration } from '../../test-support/auth-client.ts';
import { callAdmin, signInOperator } from '../../test-support/admin-callers.ts';
import { runAdminCommand } from '../../services/users/admin-commands.ts';
import { promoteAdminEmails } from '../../services/users/user-admin.ts';
import { findUserByEmail } from '../../services/users/user-service.ts';
import { listAudit } from '../../services/audit/audit-log.ts';

const PASSWORD = 'the operator password';

describe.each(testDatabaseKinds)('who is an operator, on %s', (kind) => {
  describe('accounts', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com', LOGIN_MAX: '100' });
    });
    afterAll(() => t.close());
    const register = (email: string) => authClient(t.app, '203.0.113.9').register(registration(email));
    const role = async (email: string) => (await findUserByEmail(t.ctx.db, email))?.role;

    it('makes the first account an admin, later ones users, and an ADMIN_EMAILS address an admin whenever it registers', async () => {
      expect((await register('first@example.com')).json().user.role).toBe('admin');
      expect((await register('second@example.com')).json().user.role).toBe('user');
      expect((await register('boss@example.com')).json().user.role).toBe('admin');
    });

    it('promotes existing ADMIN_EMAILS accounts at start, once', async () => {
      await register('ops@example.com');
      expect(await role('ops@example.com')).toBe('admin');
      await runAdminCommand(t.ctx.db, ['user:demote', '--email', 'ops@example.com']);
      expect(await role('ops@example.com')).toBe('user');
      expect(await promoteAdminEmails(t.ctx.db, t.ctx.env.ADMIN_EMAILS)).toBe(1);
      expect(await role('ops@example.com')).toBe('admin');
      expect(await promoteAdminEmails(t.ctx.db, t.ctx.env.ADMIN_EMAILS)).toBe(0);
    });

    it('promotes and demotes through the admin command, which the console then follows', async () => {
      expect(await runAdminCommand(t.ctx.db, ['user:promote', '--email', 'second@example.com'])).toBe('second@example.com is now an admin');
      expect(await runAdminCommand(t.ctx.db, ['user:promote', '--email', 'second@example.com'])).toBe('second@example.com was already an admin');
      const token = (await authClient(t.app, '203.0.113.9').login('second@example.com', 'analytical-engine')).json().token as string;
      expect((await callAdmin(t.app, { authorization: `Bearer ${token}` }, 'GET', '/api/admin/session')).statusCode).toBe(200);
      expect(await runAdminCommand(t.ctx.db, ['user:demote', '--email', 'second@example.com'])).toBe('second@example.com is now a user');
      expect(await role('second@example.com')).toBe('user');
      await expect(runAdminCommand(t.ctx.db, ['user:promote', '--email', 'nobody@example.com'])).rejects.toThrow(/No user/);
    });

    it('has no operator without ADMIN_PASSWORD', async () => {
      expect((await signInOperator(t.app, 'anything')).res.statusCode).toBe(404);
    });
  });

  describe('the ADMIN_PASSWORD operator in keys mode', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { ACCESS_MODE: 'keys', ADMIN_PASSWORD: PASSWORD, LOGIN_MAX: '3', LOGIN_ACCOUNT_MAX: '5' });
    });
    afterAll(() => t.close());

    it('keeps only a hash of the password', () => {
      expect(JSON.stringify(t.ctx.env)).not.toContain(PASSWORD);
      expect(JSON.stringify(t.ctx.env.ADMIN_PASSWORD)).toBe('"[set]"');
    });

    it('signs the operator in with a short-lived HttpOnly cookie for the API only, and records it', async () => {
      const { res, headers } = await signInOperator(t.app, PASSWORD, '198.51.100.40');
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'parley_operator')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 3600 });
      expect((await callAdmin(t.app, headers, 'GET', '/api/admin/session')).json()).toEqual({ actor: { kind: 'operator' } });
      const audit = await listAudit(t.ctx.db, { limit: 10, offset: 0, action: 'operator.sign-in' });
      expect(audit.items[0]).toMatchObject({ actor: { kind: 'operator' }, action: 'operator.sign-in', ip: '198.51.100.40' });
    });

    it('refuses a wrong password, then every attempt past LOGIN_MAX from one address, with Retry-After', async () => {
      const ip = '198.51.100.41';
      expect((await signInOperator(t.app, 'wrong', ip)).res.statusCode).toBe(401);
      expect((await signInOperator(t.app, 'wrong', ip)).res.statusCode).toBe(401);
      expect((await signInOperator(t.app, 'wrong', ip)).res.statusCode).toBe(401);
      const limited = (await signInOperator(t.app, PASSWORD, ip)).res;
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('too_many_login_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('caps attempts from all addresses together at LOGIN_ACCOUNT_MAX', async () => {
      // Four attempts were counted above (one success, three refused passwords; the fourth from .41 stopped at its address): one more may try.
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await signInOperator(t.app, 'wrong', `198.51.100.${60 + i}`)).res.statusCode);
      expect(answers).toEqual([401, 429, 429]);
    });

    it('ends the session when signed out', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/operator/logout' });
      expect(res.cookies.find((c) => c.name === 'parley_operator')?.value).toBe('');
    });
  });
});
