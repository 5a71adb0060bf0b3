import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient } from '../../test-support/auth-client.ts';
import { runAdminCommand } from './admin-commands.ts';
import { findUserByEmail } from './user-service.ts';

describe.each(testDatabaseKinds)('admin commands on %s', (kind) => {
  let t: TestApp;
  const run = (...argv: string[]) => runAdminCommand(t.ctx.db, argv);
  const login = (email: string, password: string) => authClient(t.app, '203.0.113.77').login(email, password);

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX: '100' });
  });
  afterAll(() => t.close());

  it('creates an admin who can log in, and lists accounts', async () => {
    expect(await run('user:list')).toBe('No users');
    expect(await run('user:create', '--email', 'root@example.com', '--name', 'Root Admin', '--password', 'root-password', '--admin')).toMatch(
      /^Created admin root@example.com/,
    );
    const res = await login('root@example.com', 'root-password');
    expect(res.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await run('user:list')).toMatch(/^root@example.com\tRoot Admin\tadmin\tlocal\tactive$/);
  });

  it('bans for a number of minutes, which login refuses, and unban lifts it', async () => {
    await run('user:create', '--email', 'troll@example.com', '--name', 'Troll User', '--password', 'troll-password');
    const before = Date.now();
    expect(await run('user:ban', '--email', 'troll@example.com', '--minutes', '30')).toMatch(/^Banned troll@example.com until/);
    const until = (await findUserByEmail(t.ctx.db, 'troll@example.com'))!.bannedUntil!.getTime();
    expect(until - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(30 * 60_000 + 5000);
    expect((await login('troll@example.com', 'troll-password')).statusCode).toBe(403);
    expect(await run('user:list')).toMatch(/troll@example.com.*banned until/);

    await run('user:unban', '--email', 'troll@example.com');
    expect((await login('troll@example.com', 'troll-password')).statusCode).toBe(200);
  });

  it('bans until unbanned when no length is given', async () => {
    await run('user:create', '--email', 'forever@example.com', '--name', 'Forever Banned', '--password', 'forever-password');
    await run('user:ban', '--email', 'forever@example.com');
    const until = (await findUserByEmail(t.ctx.db, 'forever@example.com'))!.bannedUntil!;
    expect(until.getUTCFullYear()).toBeGreaterThan(new Date().getUTCFullYear() + 50);
  });

  it('resets a password and deletes an account', async () => {
    await run('user:create', '--email', 'temp@example.com', '--name', 'Temp User', '--password', 'first-password');
    await run('user:reset-password', '--email', 'temp@example.com', '--password', 'second-password');
    expect((await login('temp@example.com', 'first-password')).statusCode).toBe(401);
    expect((await login('temp@example.com', 'second-password')).statusCode).toBe(200);
    await run('user:delete', '--email', 'temp@example.com');
    expect(await findUserByEmail(t.ctx.db, 'temp@example.com')).toBeUndefined();
  });

  it('prints a one-time reset link on PUBLIC_URL that sets a new password once', async () => {
    await run('user:create', '--email', 'linked@example.com', '--name', 'Linked User', '--password', 'first-password');
    const printed = await runAdminCommand(t.ctx.db, ['user:reset-link', '--email', 'Linked@example.com'], { publicUrl: 'https://chat.example.com/' });
    const link = new URL(printed.match(/https:\/\/\S+/)![0]);
    expect(link.origin + link.pathname).toBe('https://chat.example.com/reset-password');
    const body = { token: link.searchParams.get('token'), userId: link.searchParams.get('userId'), password: 'second-password', confirm_password: 'second-password' };
    const reset = () => t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: body });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(400);
    expect((await login('linked@example.com', 'second-password')).statusCode).toBe(200);
    await expect(run('user:reset-link', '--email', 'linked@example.com')).rejects.toThrow('PUBLIC_URL must be set');
  });

  it('explains bad input instead of guessing', async () => {
    await expect(run('user:ban', '--email', 'nobody@example.com')).rejects.toThrow('No user with email nobody@example.com');
    await expect(run('user:create', '--email', 'x@example.com')).rejects.toThrow('--name is required');
    await expect(run('user:ban', '--email', 'root@example.com', '--minutes', 'soon')).rejects.toThrow('--minutes must be a positive number');
    await expect(run('user:create', '--email', 'ROOT@example.com', '--name', 'Dup', '--password', 'dup-password')).rejects.toThrow('already exists');
    await expect(run('user:explode')).rejects.toThrow('Unknown command user:explode');
    await expect(run()).rejects.toThrow('Usage:');
  });
});
