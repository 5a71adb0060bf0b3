import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../services/auth/access-token.ts';
import { registerUser } from '../services/auth/account-service.ts';
import { mintKey } from '../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';

const preset = () => ({ presetId: randomUUID(), title: 'mine', endpoint: 'openAI', model: 'gpt-4o' });

describe('who a request is, by ACCESS_MODE', () => {
  let both: TestApp;
  let accounts: TestApp;

  beforeAll(async () => {
    both = await createTestApp('pglite', { ACCESS_MODE: 'both', VISITOR_MAX_PER_HOUR: '2' });
    accounts = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => {
    await both?.close();
    await accounts?.close();
  });

  async function account(t: TestApp) {
    const row = await registerUser(t.ctx, { name: 'Ada', email: `ada-${randomUUID()}@example.com`, password: 'correct horse battery', confirm_password: 'correct horse battery' });
    return { authorization: `Bearer ${await signAccessToken(t.ctx.secrets.jwtSecret, row)}` };
  }

  it('in both mode, accepts an account token, a key (bearer or X-Api-Key) and an anonymous visitor side by side', async () => {
    const user = await both.app.inject({ url: '/api/user', headers: await account(both) });
    expect(user.json()).toMatchObject({ provider: 'local' });
    const key = await mintKey(both.ctx.db, { quota: 3 });
    expect((await both.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${key.key}` } })).json()).toMatchObject({ provider: 'access-key' });
    expect((await both.app.inject({ url: '/api/balance', headers: { 'x-api-key': key.key } })).json()).toEqual({ balance: 3, unit: 'quota' });
    const visitor = await both.app.inject({ url: '/api/user' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ provider: 'visitor' });
    // A read makes no identity; nothing is stored for it.
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a broken account token a 401 (so the web refreshes) and an unknown key invalid_api_key', async () => {
    const stale = await both.app.inject({ url: '/api/convos', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: 'unauthorized' });
    const unknown = await both.app.inject({ url: '/api/convos', headers: { authorization: `Bearer sk-${'x'.repeat(48)}` } });
    expect(unknown.json()).toMatchObject({ error: 'invalid_api_key' });
  });

  it("gives a visitor's first write a signed cookie identity that owns what it wrote, at most VISITOR_MAX_PER_HOUR per IP", async () => {
    const first = await both.app.inject({ method: 'POST', url: '/api/presets', payload: preset() });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const mine = await both.app.inject({ url: '/api/presets', headers: { cookie } });
    expect(mine.json()).toHaveLength(1);
    expect((await both.app.inject({ url: '/api/presets' })).json()).toHaveLength(0);
    expect((await both.app.inject({ method: 'POST', url: '/api/presets', payload: preset() })).statusCode).toBe(200);
    const third = await both.app.inject({ method: 'POST', url: '/api/presets', payload: preset() });
    expect(third.statusCode).toBe(429);
    // The identity already issued keeps working.
    expect((await both.app.inject({ method: 'POST', url: '/api/presets', payload: preset(), headers: { cookie } })).statusCode).toBe(200);
  });

  it('in accounts mode, refuses keys and visitors as before', async () => {
    expect((await accounts.app.inject({ url: '/api/convos' })).statusCode).toBe(401);
    const key = await mintKey(accounts.ctx.db, { quota: 3 });
    expect((await accounts.app.inject({ url: '/api/convos', headers: { authorization: `Bearer ${key.key}` } })).statusCode).toBe(401);
  });
});
