import { userSchema } from '@parley/core';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../services/auth/access-token.ts';
import { banUser, createUserAccount, deleteUser } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient } from '../../test-support/auth-client.ts';

describe.each(testDatabaseKinds)('GET /api/user on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  const subject = () => ({ id: userId, sessionVersion: 0 });
  const me = (token?: string) => authClient(t.app).me(token);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const row = await createUserAccount(t.ctx.db, { email: 'me@example.com', name: 'Grace Hopper', password: 'cobol-compiler' });
    userId = row.id;
  });
  afterAll(() => t.close());

  it('presents the signed-in user in the core shape, without secrets', async () => {
    const res = await me(await signAccessToken(t.ctx.secrets.jwtSecret, subject()));
    expect(res.statusCode).toBe(200);
    const user = userSchema.strict().parse(res.json());
    expect(user).toMatchObject({ id: userId, email: 'me@example.com', name: 'Grace Hopper', role: 'user', plugins: [] });
    expect(res.body).not.toMatch(/argon2|password|banned/i);
  });

  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized', status: 401 });
  });

  it('answers 401 for a token that expired (15 minutes after issue)', async () => {
    const token = await signAccessToken(t.ctx.secrets.jwtSecret, subject(), Date.now() - 15 * 60_000 - 5_000);
    expect((await me(token)).statusCode).toBe(401);
    const fresh = await signAccessToken(t.ctx.secrets.jwtSecret, subject(), Date.now() - 14 * 60_000);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('answers 401 for a token signed with another secret or another algorithm', async () => {
    expect((await me(await signAccessToken('some-other-secret-of-enough-length', subject()))).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId })).toString('base64url')}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('answers 401 for a valid token of a deleted account', async () => {
    const gone = await createUserAccount(t.ctx.db, { email: 'gone@example.com', name: 'Gone User', password: 'gone-password' });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(gone.id)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.ctx.secrets.jwtSecret));
    await deleteUser(t.ctx.db, 'gone@example.com');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('answers 403 banned for a banned user even with a token of the current session version', async () => {
    const row = await createUserAccount(t.ctx.db, { email: 'ban-me@example.com', name: 'Ban Me', password: 'ban-me-password' });
    await banUser(t.ctx.db, 'ban-me@example.com', 5);
    const token = await signAccessToken(t.ctx.secrets.jwtSecret, { id: row.id, sessionVersion: row.sessionVersion + 1 });
    const res = await me(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'banned',
      message: 'Your account has been temporarily banned due to violations of our service.',
    });
  });
});
