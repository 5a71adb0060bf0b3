import { INVALID_SERVICE_ACCOUNT_MESSAGE, type ApiErrorBody, type KeyStatus } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userKeys } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { readUserKey } from '../../services/keys/user-key-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const serviceAccount = { client_email: 'bot@proj.iam.gserviceaccount.com', project_id: 'proj-1', private_key: 'k'.repeat(700) };

describe.each(testDatabaseKinds)('key routes on %s', (kind) => {
  let t: ListeningApp;
  let alice: Who;
  let bob: Who;
  const bodies: string[] = [];

  const call = async (who: Who | undefined, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...(who ? { authorization: who.headers.authorization! } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const put = (who: Who, name: string, value: string, expiresAt = hours(12)) => call(who, 'PUT', '/api/keys', { name, value, expiresAt });
  const status = async (who: Who, name: string) => (await call(who, 'GET', `/api/keys?name=${name}`)).body as KeyStatus;

  beforeAll(async () => {
    t = await listenTestApp(kind, {
      OPENAI_API_KEY: 'user_provided',
      ANTHROPIC_API_KEY: 'user_provided',
      GOOGLE_API_KEY: 'user_provided',
      AZURE_OPENAI_API_KEY: 'user_provided',
      DEEPSEEK_API_KEY: 'sk-server-owned',
    });
    [alice, bob] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t.close());

  it('stores a key sealed at rest and reports only its expiry', async () => {
    const expiresAt = hours(12);
    const saved = await put(alice, 'openAI', 'sk-alice-secret-value', expiresAt);
    expect(saved).toEqual({ status: 200, body: { name: 'openAI', expiresAt } });
    expect(await status(alice, 'openAI')).toEqual({ expiresAt });
    const [row] = await t.ctx.db.select().from(userKeys).where(eq(userKeys.userId, alice.userId));
    expect(row!.ciphertext).not.toContain('sk-alice');
    expect(Buffer.from(row!.ciphertext, 'base64').toString('latin1')).not.toContain('sk-alice');
    expect(await readUserKey(t.ctx.db, t.ctx.secrets.credsKey, alice.userId, 'openAI')).toBe('sk-alice-secret-value');
  });

  it('replaces a key on a second save, keeping one row per endpoint', async () => {
    const later = hours(48);
    await put(alice, 'anthropic', 'sk-ant-first');
    await put(alice, 'anthropic', 'sk-ant-second', later);
    expect(await status(alice, 'anthropic')).toEqual({ expiresAt: later });
    expect(await readUserKey(t.ctx.db, t.ctx.secrets.credsKey, alice.userId, 'anthropic')).toBe('sk-ant-second');
    const rows = await t.ctx.db.select().from(userKeys).where(eq(userKeys.userId, alice.userId));
    expect(rows.filter((r) => r.endpoint === 'anthropic')).toHaveLength(1);
  });

  it('answers a null expiry when the caller has no key, and never shows another user’s', async () => {
    expect(await status(bob, 'openAI')).toEqual({ expiresAt: null });
    expect(await status(bob, 'anthropic')).toEqual({ expiresAt: null });
  });

  it.each([
    ['an unknown endpoint', { name: 'nope', value: 'k', expiresAt: hours(1) }, 'unknown_endpoint'],
    ['an endpoint with a server key', { name: 'deepSeek', value: 'k', expiresAt: hours(1) }, 'validation'],
    ['an endpoint that is not configured', { name: 'grok', value: 'k', expiresAt: hours(1) }, 'validation'],
    ['a blank value', { name: 'openAI', value: '  ', expiresAt: hours(1) }, 'validation'],
    ['a missing value', { name: 'openAI', expiresAt: hours(1) }, 'validation'],
    ['a past expiry', { name: 'openAI', value: 'k', expiresAt: hours(-1) }, 'validation'],
    ['an expiry over 30 days ahead', { name: 'openAI', value: 'k', expiresAt: hours(24 * 31) }, 'validation'],
    ['an expiry that is not a date', { name: 'openAI', value: 'k', expiresAt: 'soon' }, 'validation'],
  ])('refuses %s with 400', async (_case, body, code) => {
    const res = await call(bob, 'PUT', '/api/keys', body);
    expect(res.status).toBe(400);
    expect((res.body as ApiErrorBody).error).toBe(code);
    expect(await status(bob, 'openAI')).toEqual({ expiresAt: null });
  });

  it("names the unknown endpoint 'Unknown endpoint'", async () => {
    expect((await call(bob, 'GET', '/api/keys?name=nope')).body).toMatchObject({ error: 'unknown_endpoint', message: 'Unknown endpoint' });
  });

  it('accepts a 30-day key, the longest the dialog offers', async () => {
    expect((await put(bob, 'openAI', 'sk-bob', hours(24 * 30))).status).toBe(200);
  });

  it('checks a Google service-account file and says which file was wrong', async () => {
    const bad = await put(bob, 'google', JSON.stringify({ ...serviceAccount, private_key: 'short' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation', message: INVALID_SERVICE_ACCOUNT_MESSAGE, data: { fields: { value: INVALID_SERVICE_ACCOUNT_MESSAGE } } });
    expect((await put(bob, 'google', '{not json')).body).toMatchObject({ message: INVALID_SERVICE_ACCOUNT_MESSAGE });
    expect((await put(bob, 'google', JSON.stringify(serviceAccount))).status).toBe(200);
    expect((await put(bob, 'google', 'AIza-plain-gemini-key')).status).toBe(200);
  });

  it('requires the Azure key JSON for azureOpenAI', async () => {
    expect((await put(bob, 'azureOpenAI', 'sk-not-json')).status).toBe(400);
    const azure = { azureOpenAIApiInstanceName: 'east', azureOpenAIApiDeploymentName: '', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'az' };
    expect((await put(bob, 'azureOpenAI', JSON.stringify(azure))).status).toBe(200);
  });

  it('refuses a key whose token_uri or Azure instance would lead Parley to a host it may not reach', async () => {
    const refusals = [
      ['google', JSON.stringify({ ...serviceAccount, token_uri: 'http://127.0.0.1:8080/token' }), /Only https addresses are allowed/],
      ['google', JSON.stringify({ ...serviceAccount, token_uri: 'https://169.254.169.254/token' }), /169\.254\.169\.254 is on a private or reserved network/],
      ['google', JSON.stringify({ ...serviceAccount, token_uri: 'https://evil.example/token' }), /evil\.example is not allowed/],
      ['azureOpenAI', JSON.stringify({ azureOpenAIApiInstanceName: 'evil.com#', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'az' }), /letters, digits and hyphens/],
    ] as const;
    for (const [name, value, reason] of refusals) {
      const res = await put(bob, name, value);
      expect(res.status, value).toBe(400);
      expect(res.body.message).toMatch(/^This key points somewhere Parley may not connect to: /);
      expect(res.body.message).toMatch(reason);
    }
    const google = JSON.stringify({ ...serviceAccount, token_uri: 'https://oauth2.googleapis.com/token' });
    expect((await put(bob, 'google', google)).status).toBe(200);
  });

  it('deletes one key by name, only the caller’s', async () => {
    await put(bob, 'anthropic', 'sk-bob-ant');
    expect((await call(bob, 'DELETE', '/api/keys/anthropic')).body).toEqual({ deletedCount: 1 });
    expect(await status(bob, 'anthropic')).toEqual({ expiresAt: null });
    expect((await status(alice, 'anthropic')).expiresAt).not.toBeNull();
    expect((await call(bob, 'DELETE', '/api/keys/nope')).status).toBe(400);
  });

  it('revokes all of the caller’s keys only with ?all=true', async () => {
    expect((await call(bob, 'DELETE', '/api/keys')).status).toBe(400);
    const all = await call(bob, 'DELETE', '/api/keys?all=true');
    expect(all.status).toBe(200);
    expect((all.body as { deletedCount: number }).deletedCount).toBeGreaterThanOrEqual(3);
    expect(await status(bob, 'openAI')).toEqual({ expiresAt: null });
    expect((await status(alice, 'openAI')).expiresAt).not.toBeNull();
  });

  it('requires a signed-in user on every key route', async () => {
    for (const [method, path] of [['GET', '/api/keys?name=openAI'], ['PUT', '/api/keys'], ['DELETE', '/api/keys/openAI'], ['DELETE', '/api/keys?all=true']]) {
      expect((await call(undefined, method!, path!, method === 'PUT' ? {} : undefined)).status).toBe(401);
    }
  });

  it('never puts a key value in any response', () => {
    for (const secret of ['sk-alice-secret-value', 'sk-ant-first', 'sk-ant-second', 'sk-bob', 'AIza-plain-gemini-key', 'kkkkkkkkkk']) {
      expect(bodies.filter((b) => b.includes(secret))).toEqual([]);
    }
  });
});
