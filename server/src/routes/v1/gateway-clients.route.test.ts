import { createOpenAI } from '@ai-sdk/openai';
import type { UsageRecordPage } from '@parley/core';
import { generateText, streamText } from 'ai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { startGatewayStack, type GatewayStack } from '../../test-support/gateway-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

describe.each(testDatabaseKinds)('third-party clients, pictures, embeddings, aborts and billing through /v1 on %s', (kind) => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack(kind);
  });
  afterAll(() => s.close());

  const keyRow = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const records = async (key: string) => {
    await s.t.ctx.usageRecords.flush();
    const response = await fetch(`${s.t.url}/api/usage/records`, { headers: { authorization: `Bearer ${key}` } });
    return ((await response.json()) as UsageRecordPage).records;
  };

  it("answers the Vercel AI SDK's OpenAI provider, whole and streamed", async () => {
    const { key } = await s.keyClient();
    const provider = createOpenAI({ apiKey: key, baseURL: `${s.t.url}/v1` });
    s.upstream.enqueue({ chunks: ['Bonjour', ' !'] });
    const whole = await generateText({ model: provider.chat('gpt-4o-mini'), prompt: 'Say hi in French', maxRetries: 0 });
    expect(whole.text).toBe('Bonjour !');
    expect(whole.usage.outputTokens).toBeGreaterThan(0);
    s.upstream.enqueue({ chunks: ['one', ' two', ' three'] });
    const streamed = streamText({ model: provider.chat('gpt-4o-mini'), prompt: 'count', maxRetries: 0 });
    let text = '';
    for await (const piece of streamed.textStream) text += piece;
    expect(text).toBe('one two three');
    expect((await streamed.usage).outputTokens).toBeGreaterThan(0);
  });

  it('draws a picture and embeds texts, each charged and recorded', async () => {
    const { client, key, keyId } = await s.keyClient({ quota: 100 });
    const image = await client.images.generate({ model: 'gpt-4o-image', prompt: 'a red dot' });
    expect(image.data?.[0]?.b64_json).toMatch(/^iVBOR/);
    const embedded = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['alpha beta', 'gamma'] });
    expect(embedded.data.map((d) => d.embedding.length)).toEqual([1536, 1536]);
    await expect(client.embeddings.create({ model: 'text-embedding-ada-002', input: 'x', dimensions: 8 })).rejects.toMatchObject({ status: 400 });
    await expect.poll(async () => (await records(key)).length, recordWait).toBe(2);
    // Each record is written once its call settled, after its answer: the two may land in either order.
    const recorded = await records(key);
    const imageRecord = recorded.find((r) => r.dialect === 'images');
    const embeddingRecord = recorded.find((r) => r.dialect === 'embeddings');
    expect(imageRecord).toMatchObject({ dialect: 'images', model: 'gpt-4o-image', status: 'ok', charged: 10 });
    expect(embeddingRecord).toMatchObject({ dialect: 'embeddings', model: 'text-embedding-3-small', inputTokens: 3, status: 'ok', charged: 1 });
    expect((await keyRow(keyId)).quota).toBe(89);
  });

  it('stops the upstream call when the client aborts mid-stream, and charges only what was produced', async () => {
    const { client, key, keyId } = await s.keyClient({ quota: 5 });
    s.upstream.enqueue({ chunks: ['first'], hold: true });
    const controller = new AbortController();
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'go' }], stream: true }, { signal: controller.signal });
    const upstreamIndex = s.upstream.requests.length - 1;
    // The SDK ends the iteration quietly on its own abort.
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) controller.abort();
    await s.upstream.waitForDisconnect(upstreamIndex);
    await expect.poll(async () => (await records(key))[0]?.status, recordWait).toBe('cancelled');
    const [record] = await records(key);
    expect(record).toMatchObject({ charged: 1, outputTokens: 1 });
    expect(record!.ttftMs).not.toBeNull();
    expect((await keyRow(keyId)).quota).toBe(4);

    // Aborted before any output: nothing is charged.
    s.upstream.enqueue({ chunks: [], hold: true });
    const early = new AbortController();
    const quiet = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'go' }], stream: true }, { signal: early.signal });
    const quietIndex = s.upstream.requests.length - 1;
    early.abort();
    for await (const chunk of quiet) void chunk;
    await s.upstream.waitForDisconnect(quietIndex);
    await expect.poll(async () => (await records(key)).length, recordWait).toBe(2);
    expect((await records(key))[0]).toMatchObject({ status: 'cancelled', charged: 0 });
    expect((await keyRow(keyId)).quota).toBe(4);
  });

  it("answers one-api's billing endpoints from the key's quota, and lists models as Anthropic does when asked so", async () => {
    const { key, client } = await s.keyClient({ quota: 40 });
    await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.t.url}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } }).then((r) => r.json());
    await expect.poll(() => get('/v1/dashboard/billing/usage')).toEqual({ object: 'list', total_usage: 1000 });
    expect(await get('/v1/dashboard/billing/subscription')).toMatchObject({ object: 'billing_subscription', hard_limit_usd: 40, access_until: 0 });
    const anthropic = (await get('/v1/models', { 'anthropic-version': '2023-06-01' })) as { data: { type: string; id: string }[]; has_more: boolean };
    expect(anthropic.has_more).toBe(false);
    expect(anthropic.data.find((m) => m.id === 'gpt-4o')).toMatchObject({ type: 'model', id: 'gpt-4o' });
  });
});
