import type { CreatedApiToken, UsageRecordPage } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, usageLedger } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { startGatewayStack, type GatewayStack } from '../../test-support/gateway-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

const ask = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

describe.each(testDatabaseKinds)('what /v1 charges, allows and records on %s', (kind) => {
  let s: GatewayStack;
  beforeAll(async () => {
    // gpt-4o is token-priced here: 1 quota per input token, 3 per output, 0.5 per cached one.
    s = await startGatewayStack(kind, { QUOTA_TOKEN_PRICES: 'gpt-4o=1000000/3000000/500000' });
  });
  afterAll(() => s.close());

  const keyRow = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const recordsOf = async (secret: string, query = '') => {
    await s.t.ctx.usageRecords.flush();
    return fetch(`${s.t.url}/api/usage/records${query}`, { headers: { authorization: `Bearer ${secret}` } });
  };

  it('takes quota exactly under 50 concurrent calls: as many served as the quota pays for, the rest refused with 429 insufficient_quota', async () => {
    const { client, keyId } = await s.keyClient({ quota: 30 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.chat.completions.create(ask)));
    const served = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { status: number; code: string });
    expect(served).toBe(30);
    expect(refused.every((e) => e.status === 429 && e.code === 'insufficient_quota')).toBe(true);
    await expect.poll(async () => (await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId))).filter((r) => r.kind === 'charge').length).toBe(30);
    expect(await keyRow(keyId)).toMatchObject({ quota: 0, used: 30 });
  });

  it("keeps a key to its allow-list: other models are unknown to it and missing from its list", async () => {
    const { client } = await s.keyClient({ models: ['gpt-4o-mini'] });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['gpt-4o-mini']);
    await expect(client.chat.completions.create({ ...ask, model: 'gpt-4o' })).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    await expect(client.chat.completions.create(ask)).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('refuses past a key’s requests per minute with 429 and Retry-After', async () => {
    const { client } = await s.keyClient({ rpm: 2 });
    await client.chat.completions.create(ask);
    await client.chat.completions.create(ask);
    await expect(client.chat.completions.create(ask)).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
  });

  it('settles a token-priced model on the upstream usage, exactly, in integers', async () => {
    const { client, keyId } = await s.keyClient({ quota: 1000 });
    s.upstream.enqueue({ chunks: ['ok'], usage: { promptTokens: 101, completionTokens: 7 } });
    await client.chat.completions.create({ ...ask, model: 'gpt-4o', max_completion_tokens: 50 });
    await expect.poll(async () => (await keyRow(keyId)).quota).toBe(1000 - (101 + 3 * 7));
    expect((await keyRow(keyId)).used).toBe(122);
  });

  it('shows each key only its own records, as JSON pages and CSV', async () => {
    const a = await s.keyClient();
    const b = await s.keyClient();
    await a.client.chat.completions.create(ask);
    await a.client.chat.completions.create(ask);
    await b.client.chat.completions.create(ask);
    await expect.poll(async () => ((await (await recordsOf(a.key)).json()) as UsageRecordPage).records.length, recordWait).toBe(2);
    const first = (await (await recordsOf(a.key, '?limit=1')).json()) as UsageRecordPage;
    expect(first.records).toHaveLength(1);
    const second = (await (await recordsOf(a.key, `?limit=1&before=${encodeURIComponent(first.nextBefore!)}`)).json()) as UsageRecordPage;
    expect(second.records[0]!.id).not.toBe(first.records[0]!.id);
    expect(second.nextBefore).toBeNull();
    // B's call came last: its record may be written in the recorder's next batch.
    await expect.poll(async () => ((await (await recordsOf(b.key)).json()) as UsageRecordPage).records.length, recordWait).toBe(1);
    const csv = await (await recordsOf(b.key, '?format=csv')).text();
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toMatch(/^createdAt,dialect,model/);
    expect(first.records[0]).toMatchObject({ dialect: 'openai-chat', model: 'gpt-4o-mini', status: 'ok', charged: 1, unit: 'quota' });
  });

  it("lets an account make a named API token that works once, shown once, and stops working when revoked", async () => {
    const alice = await s.t.signUp();
    const created = await fetch(`${s.t.url}/api/user/tokens`, { method: 'POST', headers: alice.headers, body: JSON.stringify({ name: 'laptop', models: ['gpt-4o-mini'] }) });
    expect(created.status).toBe(201);
    const token = (await created.json()) as CreatedApiToken;
    expect(token.token).toMatch(/^sk-at-/);
    const listed = (await (await fetch(`${s.t.url}/api/user/tokens`, { headers: alice.headers })).json()) as object[];
    expect(JSON.stringify(listed)).not.toContain(token.token);
    const client = s.client(token.token);
    await expect(client.chat.completions.create(ask)).resolves.toMatchObject({ object: 'chat.completion' });
    await expect(client.chat.completions.create({ ...ask, model: 'gpt-4o' })).rejects.toMatchObject({ status: 404 });
    await expect.poll(async () => ((await (await recordsOf(alice.token)).json()) as UsageRecordPage).records[0]?.tokenName, recordWait).toBe('laptop');
    const bob = await s.t.signUp();
    expect((await fetch(`${s.t.url}/api/user/tokens/${token.id}`, { method: 'DELETE', headers: { authorization: bob.headers.authorization! } })).status).toBe(404);
    expect((await fetch(`${s.t.url}/api/user/tokens/${token.id}`, { method: 'DELETE', headers: { authorization: alice.headers.authorization! } })).status).toBe(200);
    await expect(client.chat.completions.create(ask)).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('answers bad input on every /v1 route with a 4xx in OpenAI’s error shape, never a 5xx', async () => {
    const { key } = await s.keyClient();
    const auth = { authorization: `Bearer ${key}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const cases: [string, string, RequestInit][] = [
      ['POST', '/v1/chat/completions', { headers: json, body: '{not json' }],
      ['POST', '/v1/chat/completions', { headers: json, body: JSON.stringify({ model: 'gpt-4o-mini' }) }],
      ['POST', '/v1/chat/completions', { headers: json, body: JSON.stringify({ ...ask, messages: [{ role: 'wizard', content: 'x' }] }) }],
      ['POST', '/v1/chat/completions', { headers: json, body: JSON.stringify({ ...ask, temperature: 9 }) }],
      ['POST', '/v1/chat/completions', { headers: json, body: JSON.stringify({ ...ask, response_format: { type: 'xml' } }) }],
      ['POST', '/v1/chat/completions', { headers: json, body: JSON.stringify({ ...ask, tools: [{ type: 'function', function: { name: 'bad name!' } }] }) }],
      ['POST', '/v1/chat/completions', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask) }],
      ['POST', '/v1/chat/completions', { headers: { ...auth, 'content-type': 'text/plain' }, body: 'hi' }],
      ['POST', '/v1/images/generations', { headers: json, body: JSON.stringify({ model: 'gpt-4o-image' }) }],
      ['POST', '/v1/images/generations', { headers: json, body: JSON.stringify({ model: 'gpt-4o-mini', prompt: 'x' }) }],
      ['POST', '/v1/embeddings', { headers: json, body: JSON.stringify({ model: 'text-embedding-3-small', input: '' }) }],
      ['POST', '/v1/embeddings', { headers: json, body: JSON.stringify({ model: 'gpt-4o-mini', input: 'x' }) }],
      ['GET', '/v1/models', { headers: { authorization: 'Bearer sk-at-nope' } }],
      ['GET', '/v1/models/no-such-model', { headers: auth }],
      ['GET', '/v1/dashboard/billing/usage', { headers: {} }],
      ['GET', '/v1/dashboard/billing/subscription', { headers: { 'x-api-key': 'nope' } }],
      ['GET', '/v1/no/such/route', { headers: auth }],
    ];
    for (const [method, path, init] of cases) {
      const response = await fetch(`${s.t.url}${path}`, { method, ...init });
      const body = (await response.json()) as { error?: { message?: unknown; type?: unknown; param?: unknown; code?: unknown } };
      expect({ path, status: response.status >= 400 && response.status < 500 }).toEqual({ path, status: true });
      expect(typeof body.error?.message).toBe('string');
      expect(typeof body.error?.type).toBe('string');
      expect(body.error).toHaveProperty('param');
      expect(body.error).toHaveProperty('code');
    }
  });
});
