import { startupConfigSchema } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { signAccessToken } from '../../services/auth/access-token.ts';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { authClient, registration } from '../../test-support/auth-client.ts';

const refused = { error: 'accounts_disabled', status: 403 };

// ALLOW_REGISTRATION keeps its default (true): keys mode alone must shut every account door.
describe.each(testDatabaseKinds)('ACCESS_MODE=keys has no accounts on %s', (kind) => {
  let t: TestApp;
  const client = () => authClient(t.app, '198.51.100.77');

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'keys', ALLOW_SOCIAL_LOGIN: 'true', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
  });
  afterAll(() => t.close());

  it('refuses registration with accounts_disabled and creates no (admin) account', async () => {
    const res = await client().register(registration('first@example.com'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refused);
    expect(await t.ctx.db.select().from(users)).toEqual([]);
  });

  it('refuses social sign-in before any provider is asked', async () => {
    for (const url of ['/oauth/github', '/oauth/github/callback?code=x&state=y']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(refused);
    }
  });

  it('refuses sign-in, refresh and password reset, even for an account the database holds', async () => {
    await createUserAccount(t.ctx.db, { email: 'old@example.com', name: 'Old Account', password: 'analytical-engine' });
    const c = client();
    for (const res of [
      await c.login('old@example.com', 'analytical-engine'),
      await c.refresh('some-refresh-token'),
      await c.requestReset('old@example.com'),
      await c.resetPassword({ token: 'x', userId: 'y', password: 'analytical-engine', confirm_password: 'analytical-engine' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject(refused);
    }
  });

  it('refuses a valid account access token instead of serving the account unmetered', async () => {
    const [row] = await t.ctx.db.select().from(users);
    const token = await signAccessToken(t.ctx.secrets.jwtSecret, { id: row!.id, sessionVersion: row!.sessionVersion });
    const res = await client().me(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refused);
    const ask = await t.app.inject({ method: 'GET', url: '/api/convos', headers: { authorization: `Bearer ${token}` } });
    expect(ask.json()).toMatchObject(refused);
  });

  it('tells the web that neither sign-in, registration nor social sign-in exist', async () => {
    const body = startupConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(body).toMatchObject({ accessMode: 'keys', loginEnabled: false, registrationEnabled: false, socialLoginEnabled: false });
  });
});

describe('ACCESS_MODE=both keeps accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ACCESS_MODE: 'both' });
  });
  afterAll(() => t.close());

  it('registers, signs in and serves the account token', async () => {
    const c = authClient(t.app, '198.51.100.78');
    const res = await c.register(registration('ada@example.com'));
    expect(res.statusCode).toBe(200);
    expect((await c.me(res.json().token)).statusCode).toBe(200);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config).toMatchObject({ loginEnabled: true, registrationEnabled: true });
  });
});
