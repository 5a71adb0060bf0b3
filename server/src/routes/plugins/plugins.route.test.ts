import { pluginSchema, type Plugin } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginAuth } from '../../db/schema.ts';
import { signAccessToken } from '../../services/auth/access-token.ts';
import { readPluginAuth } from '../../services/plugins/plugin-auth-store.ts';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('plugins API on %s', (kind) => {
  let t: TestApp;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };

  const signUp = async (email: string) => {
    const row = await createUserAccount(t.ctx.db, { email, name: email, password: 'long-enough-password' });
    return { id: row.id, token: await signAccessToken(t.ctx.secrets.jwtSecret, { id: row.id, sessionVersion: 0 }) };
  };
  const as = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
  const plugins = async (user: { token: string }) => (await t.app.inject({ url: '/api/plugins', headers: as(user) })).json<Plugin[]>();
  const update = (user: { token: string }, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/plugins', headers: as(user), payload });
  const me = async (user: { token: string }) => (await t.app.inject({ url: '/api/user', headers: as(user) })).json<{ plugins: string[] }>();

  beforeAll(async () => {
    // The server holds Wolfram's AppID, so Wolfram is ready for everyone; Google is left to each user.
    t = await createTestApp(kind, { WOLFRAM_APP_ID: 'server-wolfram-appid' });
    alice = await signUp('alice@example.com');
    bob = await signUp('bob@example.com');
  });
  afterAll(() => t.close());

  it('lists every built-in plugin with its auth fields, and which ones need nothing more', async () => {
    const list = await plugins(alice);
    for (const plugin of list) pluginSchema.strict().parse(plugin);
    const byKey = new Map(list.map((p) => [p.pluginKey, p]));
    expect([...byKey.keys()]).toEqual(['calculator', 'web-browser', 'google', 'serpapi', 'wolfram', 'dalle', 'stable-diffusion', 'azure-ai-search']);
    expect(byKey.get('calculator')).toMatchObject({ authenticated: true, authConfig: [] });
    expect(byKey.get('wolfram')?.authenticated).toBe(true);
    expect(byKey.get('google')).toMatchObject({ authenticated: false, authConfig: [{ authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID' }, { authField: 'GOOGLE_SEARCH_API_KEY' }] });
  });

  it('installs a plugin without auth straight away, and GET /api/user lists it', async () => {
    const res = await update(alice, { pluginKey: 'calculator', action: 'install', auth: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plugins: ['calculator'] });
    expect((await me(alice)).plugins).toEqual(['calculator']);
    expect((await update(alice, { pluginKey: 'calculator', action: 'install' })).json()).toEqual({ plugins: ['calculator'] });
  });

  it('checks each auth field: required, at least 10 characters', async () => {
    const missing = await update(alice, { pluginKey: 'google', action: 'install', auth: { GOOGLE_CSE_ID: 'cse-id-12345' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Google API Key is required.');
    const short = await update(alice, { pluginKey: 'google', action: 'install', auth: { GOOGLE_CSE_ID: 'short', GOOGLE_SEARCH_API_KEY: 'google-api-key-1' } });
    expect(short.json().message).toBe('Google CSE ID must be at least 10 characters long');
    expect((await me(alice)).plugins).toEqual(['calculator']);
  });

  it('stores entered credentials sealed, never returns them, and marks the plugin authenticated for that user only', async () => {
    const auth = { GOOGLE_CSE_ID: 'cse-id-12345', GOOGLE_SEARCH_API_KEY: 'google-api-key-secret' };
    const res = await update(alice, { pluginKey: 'google', action: 'install', auth });
    expect(res.json()).toEqual({ plugins: ['calculator', 'google'] });
    const rows = await t.ctx.db.select().from(pluginAuth);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('google-api-key-secret');
    expect(await readPluginAuth(t.ctx.db, t.ctx.secrets.credsKey, alice.id, 'google')).toEqual(auth);
    const aliceList = JSON.stringify(await plugins(alice));
    expect(aliceList).not.toContain('google-api-key-secret');
    expect((await plugins(alice)).find((p) => p.pluginKey === 'google')?.authenticated).toBe(true);
    expect((await plugins(bob)).find((p) => p.pluginKey === 'google')?.authenticated).toBe(false);
    expect(await readPluginAuth(t.ctx.db, t.ctx.secrets.credsKey, bob.id, 'google')).toEqual({});
  });

  it('uninstalls and revokes the stored credentials', async () => {
    const res = await update(alice, { pluginKey: 'google', action: 'uninstall', auth: null });
    expect(res.json()).toEqual({ plugins: ['calculator'] });
    expect(await readPluginAuth(t.ctx.db, t.ctx.secrets.credsKey, alice.id, 'google')).toEqual({});
    expect((await plugins(alice)).find((p) => p.pluginKey === 'google')?.authenticated).toBe(false);
  });

  it('refuses an unknown plugin and a malformed body', async () => {
    expect((await update(alice, { pluginKey: 'mcp:nowhere', action: 'install' })).statusCode).toBe(404);
    expect((await update(alice, { pluginKey: 'calculator', action: 'explode' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/plugins' })).statusCode).toBe(401);
  });
});
