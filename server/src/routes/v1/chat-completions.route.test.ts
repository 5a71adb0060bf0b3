import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { startGatewayStack, type GatewayStack } from '../../test-support/gateway-stack.ts';

describe.each(testDatabaseKinds)('POST /v1/chat/completions through the openai SDK on %s', (kind) => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack(kind);
  });
  afterAll(() => s.close());

  const quotaOf = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;

  it('answers a whole completion, the model mapped to its upstream id, and charges the key the model cost', async () => {
    const { client, keyId } = await s.keyClient({ quota: 100 });
    s.upstream.enqueue({ chunks: ['Hello', ' there'], usage: { promptTokens: 7, completionTokens: 2 } });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]!.message.content).toBe('Hello there');
    expect(completion.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 2 });
    const sent = s.upstream.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-upstream');
    expect((sent.body as { model: string }).model).not.toBe('gpt-4o-mini');
    await expect.poll(async () => (await quotaOf(keyId)).quota).toBe(99);
  });

  it('streams chunks as the upstream sent them, with the usage chunk only when asked for', async () => {
    const { client } = await s.keyClient();
    s.upstream.enqueue({ chunks: ['a', 'b', 'c'] });
    const withUsage = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stream: true, stream_options: { include_usage: true } });
    const texts: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of withUsage) {
      texts.push(chunk.choices[0]?.delta.content ?? '');
      if (chunk.usage) usage = chunk.usage;
    }
    expect(texts.join('')).toBe('abc');
    expect(usage?.completion_tokens).toBeGreaterThan(0);

    s.upstream.enqueue({ chunks: ['d', 'e'] });
    const plain = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stream: true });
    const chunks = [];
    for await (const chunk of plain) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('de');
    expect(chunks.every((c) => c.choices.length > 0)).toBe(true);
    // The gateway asked the upstream for usage all the same: the call is charged by it.
    expect((s.upstream.requests.at(-1)!.body as { stream_options?: unknown }).stream_options).toEqual({ include_usage: true });
  });

  it('relays tools and tool calls', async () => {
    const { client } = await s.keyClient();
    s.upstream.enqueue({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      stream: true,
    });
    let args = '';
    let name = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const call = chunk.choices[0]?.delta.tool_calls?.[0];
      name += call?.function?.name ?? '';
      args += call?.function?.arguments ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect({ name, args: JSON.parse(args) as unknown, finish }).toEqual({ name: 'get_weather', args: { city: 'Paris' }, finish: 'tool_calls' });
    expect((s.upstream.requests.at(-1)!.body as { tools: unknown[] }).tools).toHaveLength(1);
  });

  it('answers OpenAI error bodies with OpenAI statuses, and refunds a call the upstream refused', async () => {
    const { client, keyId } = await s.keyClient({ quota: 10 });
    await expect(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], n: 2 })).rejects.toMatchObject({
      status: 400,
      error: { type: 'invalid_request_error', param: 'n' },
    });
    await expect(client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    await expect(s.client('sk-wrong').models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    s.upstream.enqueue({ status: 500 });
    await expect(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 502 });
    await expect.poll(async () => (await quotaOf(keyId)).quota).toBe(10);
  });
});
