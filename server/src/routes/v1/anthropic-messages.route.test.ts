import Anthropic from '@anthropic-ai/sdk';
import { tinyPngBase64 } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { refusalOf } from '../../test-support/sdk-refusal.ts';
import { dialectModels, startDialectStack, type DialectStack } from '../../test-support/dialect-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

const refusal = (promise: Promise<unknown>) => refusalOf(promise, Anthropic.APIError);

const tools: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];

describe.each(testDatabaseKinds)('POST /v1/messages through the @anthropic-ai/sdk on %s', (kind) => {
  let s: DialectStack;
  beforeAll(async () => {
    s = await startDialectStack(kind);
  });
  afterAll(() => s.close());

  it('passes a Claude model’s request through as it came, thinking signatures included, and charges and records it', async () => {
    const { key, keyId } = await s.keyClient({ quota: 100 });
    const client = s.anthropicClient(key);
    s.anthropic.enqueue({ reasoning: ['Let me ', 'think.'], chunks: ['Sun', 'ny'], usage: { promptTokens: 20, completionTokens: 9 } });
    const stream = client.messages.stream({ model: dialectModels.claude, max_tokens: 3000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: 'weather?' }] });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'fake-signature' },
      { type: 'text', text: 'Sunny' },
    ]);
    expect(message.usage).toMatchObject({ input_tokens: 20, output_tokens: 9 });
    expect(s.anthropic.requests.at(-1)!.headers['x-api-key']).toBe('sk-ant-upstream');

    s.anthropic.enqueue({ chunks: ['Yes.'] });
    const followUp = await client.messages.create({
      model: dialectModels.claude,
      max_tokens: 3000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'weather?' }, { role: 'assistant', content: message.content }, { role: 'user', content: 'sure?' }],
    });
    expect(followUp.content).toEqual([{ type: 'text', text: 'Yes.' }]);
    const sent = s.anthropic.requests.at(-1)!.body as { messages: { content: unknown }[] };
    expect(sent.messages[1]!.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'fake-signature' },
      { type: 'text', text: 'Sunny' },
    ]);
    await expect.poll(() => s.quotaOf(keyId)).toBeLessThan(100);
    await expect.poll(async () => (await s.lastRecord(keyId))?.dialect, recordWait).toBe('anthropic-messages');
    expect(await s.lastRecord(keyId)).toMatchObject({ model: dialectModels.claude, status: 'ok' });
  });

  it('answers a GPT model in Anthropic’s events: tools, tool results and images translated', async () => {
    const { key } = await s.keyClient();
    const client = s.anthropicClient(key, { bearer: true });
    s.upstream.enqueue({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const stream = client.messages.stream({
      model: dialectModels.gpt,
      max_tokens: 500,
      tools,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather where this is?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: tinyPngBase64 } }] }],
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    const call = message.content.find((block) => block.type === 'tool_use')!;
    expect(call).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
    const sent = s.upstream.requests.at(-1)!.body as { messages: { content: unknown }[]; tools: unknown[]; stream_options: unknown };
    expect(sent.messages[0]!.content).toEqual([{ type: 'text', text: 'Weather where this is?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${tinyPngBase64}` } }]);
    expect(sent.stream_options).toEqual({ include_usage: true });

    s.upstream.enqueue({ chunks: ['It is ', 'sunny.'] });
    const answer = await client.messages.create({
      model: dialectModels.gpt,
      max_tokens: 500,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: message.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '21°C, clear' }] },
      ],
    });
    expect(answer.content).toEqual([{ type: 'text', text: 'It is sunny.' }]);
    const followUp = s.upstream.requests.at(-1)!.body as { messages: { role: string; tool_call_id?: string; content?: unknown }[] };
    expect(followUp.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: call.id, content: '21°C, clear' });
  });

  it('answers a Gemini model too, streamed as Anthropic events', async () => {
    const { key } = await s.keyClient();
    s.google.enqueue({ chunks: ['Bon', 'jour'] });
    // A thinking Gemini thinks inside the cap, as Claude does inside max_tokens.
    const message = await s.anthropicClient(key).messages.stream({ model: dialectModels.gemini, max_tokens: 2000, messages: [{ role: 'user', content: 'hello' }] }).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Bonjour' }]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it('counts tokens: Anthropic’s own count for Claude, a local count for others', async () => {
    const { key } = await s.keyClient();
    const client = s.anthropicClient(key);
    const claude = await client.messages.countTokens({ model: dialectModels.claude, messages: [{ role: 'user', content: 'How many tokens is this sentence?' }] });
    expect(claude.input_tokens).toBeGreaterThan(5);
    const gpt = await client.messages.countTokens({ model: dialectModels.gpt, messages: [{ role: 'user', content: 'How many tokens is this sentence?' }] });
    expect(gpt.input_tokens).toBe(7);
  });

  it('answers errors in Anthropic’s shape, never a 5xx for bad input, and refunds what failed', async () => {
    const { key, keyId } = await s.keyClient({ quota: 10 });
    const client = s.anthropicClient(key);
    const user = [{ role: 'user' as const, content: 'hi' }];
    expect(await refusal(s.anthropicClient('sk-wrong').messages.create({ model: dialectModels.claude, max_tokens: 10, messages: user }))).toMatchObject({ status: 401, error: { type: 'error', error: { type: 'authentication_error' } } });
    expect(await refusal(client.messages.create({ model: 'no-such-model', max_tokens: 10, messages: user }))).toMatchObject({ status: 404, error: { error: { type: 'not_found_error' } } });
    const serverTool = client.messages.create({ model: dialectModels.gpt, max_tokens: 10, messages: user, tools: [{ type: 'web_search_20250305', name: 'web_search' }] });
    expect(await refusal(serverTool)).toMatchObject({ status: 400, error: { error: { type: 'invalid_request_error', message: expect.stringMatching(/^tools\.0\.type 'web_search_20250305' cannot be translated/) } } });
    expect(await refusal(client.messages.create({ model: dialectModels.claude, max_tokens: 10, messages: [] }))).toMatchObject({ status: 400, error: { error: { type: 'invalid_request_error' } } });
    const noVersion = await fetch(`${s.t.url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ model: dialectModels.claude, max_tokens: 10, messages: user }) });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } });
    s.anthropic.enqueue({ status: 529 });
    expect(await refusal(client.messages.create({ model: dialectModels.claude, max_tokens: 10, messages: user }))).toMatchObject({ status: 503, error: { error: { type: 'overloaded_error' } } });
    s.anthropic.enqueue({ chunks: ['partial'], streamError: { type: 'overloaded_error', message: 'Overloaded' } });
    const broken = client.messages.stream({ model: dialectModels.claude, max_tokens: 10, messages: user });
    await expect(broken.finalMessage()).rejects.toThrow(/Overloaded/);
    await expect.poll(() => s.quotaOf(keyId)).toBeLessThan(10);
    // The stream began and then failed: charged for its output, recorded as the failure it was
    // (the record is queued once the charge is settled, so it may follow the quota by a moment).
    await expect.poll(() => s.lastRecord(keyId), recordWait).toMatchObject({ status: 'error', errorCode: 'overloaded_error' });
  });

  it('stops the upstream call when the client aborts, and charges only what was produced', async () => {
    for (const model of [dialectModels.claude, dialectModels.gpt]) {
      const { key, keyId } = await s.keyClient({ quota: 5 });
      const fake = model === dialectModels.claude ? s.anthropic : s.upstream;
      fake.enqueue({ chunks: ['one', 'two'], hold: true });
      const before = fake.requests.length;
      const stream = s.anthropicClient(key).messages.stream({ model, max_tokens: 100, messages: [{ role: 'user', content: 'go' }] });
      const settled = stream.finalMessage().then(
        () => 'finished',
        () => 'aborted',
      );
      await new Promise<void>((resolve) => stream.on('text', () => resolve()));
      stream.abort();
      expect(await settled).toBe('aborted');
      await fake.waitForDisconnect(before);
      await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('cancelled');
      expect(await s.lastRecord(keyId)).toMatchObject({ model, charged: 1 });
      expect(await s.quotaOf(keyId)).toBe(4);
    }
  });
});
