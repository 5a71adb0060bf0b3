import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicFake } from './anthropic.ts';
import type { FakeUpstream } from './fake-server.ts';

/** The Anthropic fake read by the official `@anthropic-ai/sdk`. */
const user = (content: string) => [{ role: 'user' as const, content }];

async function caught(promise: Promise<unknown>): Promise<InstanceType<typeof Anthropic.APIError>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Anthropic.APIError);
    return error as InstanceType<typeof Anthropic.APIError>;
  }
  throw new Error('the call did not fail');
}

describe('Anthropic fake through the @anthropic-ai/sdk', () => {
  let fake: FakeUpstream;
  let client: Anthropic;
  beforeAll(async () => {
    fake = await startAnthropicFake({ apiKey: 'sk-ant-right' });
    client = new Anthropic({ apiKey: 'sk-ant-right', baseURL: fake.url, maxRetries: 0 });
  });
  afterAll(() => fake.close());

  it('streams extended thinking, then text, with usage and the request id', async () => {
    fake.enqueue({ reasoning: ['Let me ', 'think.'], chunks: ['Do', 'ne.'], usage: { promptTokens: 12, completionTokens: 30 } });
    const stream = client.messages.stream({
      model: 'claude-sonnet-4-6',
      max_tokens: 5024,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: user('q'),
    });
    let thinking = '';
    stream.on('thinking', (delta) => (thinking += delta));
    const message = await stream.finalMessage();
    expect(thinking).toBe('Let me think.');
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(message.content[1]).toMatchObject({ type: 'text', text: 'Done.' });
    expect(message).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 30 } });
    expect(stream.request_id).toMatch(/^req_/);
  });

  it('answers a whole message without thinking blocks unless thinking was asked for', async () => {
    fake.enqueue({ reasoning: ['hidden'], chunks: ['Hi'], finishReason: 'max_tokens' });
    const message = await client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 10, messages: user('q') });
    expect(message.content).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(message.stop_reason).toBe('max_tokens');
    expect(message._request_id).toMatch(/^req_/);
  });

  it('refuses what the Messages API refuses, with its error types', async () => {
    const unknown = await caught(client.messages.create({ model: 'claude-3-5-haiku-20241022', max_tokens: 10, messages: user('q') }));
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
    expect(unknown.error).toMatchObject({ type: 'error', error: { type: 'not_found_error', message: 'model: claude-3-5-haiku-20241022' } });
    expect(unknown.requestID).toMatch(/^req_/);
    const noMax = await caught(client.messages.create({ model: 'claude-haiku-4-5', messages: user('q') } as never));
    expect(noMax).toBeInstanceOf(Anthropic.BadRequestError);
    // The SDK speaks API version 2026-10-21, which has no sampling parameters any more.
    const sampling = await caught(client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 10, temperature: 0.5, messages: user('q') } as never));
    expect(sampling.message).toMatch(/temperature: Extra inputs are not permitted/);
    const legacy = new Anthropic({ apiKey: 'sk-ant-right', baseURL: fake.url, maxRetries: 0, defaultHeaders: { 'anthropic-version': '2023-06-01' } });
    const both = await caught(legacy.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 10, temperature: 0.5, top_p: 0.9, messages: user('q') } as never));
    expect(both.message).toMatch(/temperature.*top_p/);
    const budget = await caught(client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: user('q') }));
    expect(budget.status).toBe(400);
    const wrongKey = await caught(new Anthropic({ apiKey: 'nope', baseURL: fake.url, maxRetries: 0 }).messages.create({ model: 'claude-haiku-4-5', max_tokens: 5, messages: user('q') }));
    expect(wrongKey).toBeInstanceOf(Anthropic.AuthenticationError);
    for (const [reply, type] of [
      [{ status: 402 }, 'billing_error'],
      [{ status: 429 }, 'rate_limit_error'],
      [{ status: 529 }, 'overloaded_error'],
      [{ status: 403 }, 'permission_error'],
    ] as const) {
      fake.enqueue(reply);
      const failure = await caught(client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 5, messages: user('q') }));
      expect(failure.error).toMatchObject({ error: { type } });
    }
  });

  it('holds the Claude 5 generation to adaptive thinking, no sampling, and no switching off where thinking is always on', async () => {
    fake.enqueue({ model: 'claude-sonnet-5-5', reasoning: ['Adaptive.'], chunks: ['Yes.'] });
    const stream = client.messages.stream({ model: 'claude-sonnet-5-5', max_tokens: 6000, thinking: { type: 'adaptive', display: 'summarized' }, messages: user('q') });
    let thinking = '';
    stream.on('thinking', (delta) => (thinking += delta));
    const message = await stream.finalMessage();
    expect(thinking).toBe('Adaptive.');
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    const budget = await caught(client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 5000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: user('q') }));
    expect(budget).toBeInstanceOf(Anthropic.BadRequestError);
    expect(budget.message).toMatch(/thinking\.type\.enabled is not supported/);
    const off = await caught(client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 50, thinking: { type: 'disabled' }, messages: user('q') }));
    expect(off.message).toMatch(/cannot be disabled/);
    const haikuOff = await client.messages.create({ model: 'claude-haiku-5-5', max_tokens: 50, thinking: { type: 'disabled' }, messages: user('q') });
    expect(haikuOff.content.map((block) => block.type)).toEqual(['text']);
    const legacy = new Anthropic({ apiKey: 'sk-ant-right', baseURL: fake.url, maxRetries: 0, defaultHeaders: { 'anthropic-version': '2023-06-01' } });
    const sampling = await caught(legacy.messages.create({ model: 'claude-opus-5-5', max_tokens: 10, top_k: 5, messages: user('q') } as never));
    expect(sampling.message).toMatch(/top_k: is not supported on claude-opus-5-5/);
    const olderAdaptive = await caught(client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 50, thinking: { type: 'adaptive' }, messages: user('q') }));
    expect(olderAdaptive.message).toMatch(/adaptive thinking is not supported on model claude-haiku-4-5/);
  });

  it('raises an error event sent mid-stream', async () => {
    fake.enqueue({ chunks: ['partial'], streamError: { type: 'overloaded_error', message: 'Overloaded' } });
    const failure = await caught(client.messages.stream({ model: 'claude-haiku-4-5', max_tokens: 50, messages: user('q') }).finalMessage());
    expect(failure.error).toMatchObject({ error: { type: 'overloaded_error' } });
  });

  it('lists the current models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-sonnet-4-6']));
    expect(ids).not.toContain('claude-instant-1');
  });

  it('streams tool_use blocks and takes the tool_result follow-up, refusing a tool_use left unanswered', async () => {
    const tools = [{ name: 'calculator', description: 'math', input_schema: { type: 'object' as const, properties: { input: { type: 'string' } } } }];
    fake.enqueue({ toolCalls: [{ id: 'toolu_01calc', name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['It is 14.'] });
    const asked = await client.messages.stream({ model: 'claude-haiku-5-5', max_tokens: 100, tools, messages: user('2+3*4?') }).finalMessage();
    expect(asked.stop_reason).toBe('tool_use');
    expect(asked.content).toEqual([{ type: 'tool_use', id: 'toolu_01calc', name: 'calculator', input: { input: '2+3*4' } }]);
    const history = [...user('2+3*4?'), { role: 'assistant' as const, content: asked.content }];
    const answered = await client.messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 100,
      tools,
      messages: [...history, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01calc', content: '14' }] }],
    });
    expect(answered.content).toEqual([{ type: 'text', text: 'It is 14.' }]);
    const unanswered = await caught(client.messages.create({ model: 'claude-haiku-5-5', max_tokens: 100, tools, messages: [...history, ...user('and?')] }));
    expect(unanswered.message).toContain('`tool_use` ids were found without `tool_result` blocks immediately after: toolu_01calc');
  });

  it('while thinking, opens a tool turn with a signed thinking block and refuses a loop that drops it', async () => {
    const tools = [{ name: 'calculator', description: 'math', input_schema: { type: 'object' as const, properties: { input: { type: 'string' } } } }];
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    fake.enqueue({ toolCalls: [{ id: 'toolu_01think', name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['It is 14.'] });
    const asked = await client.messages.stream({ model: 'claude-haiku-4-5', max_tokens: 2048, thinking, tools, messages: user('2+3*4?') }).finalMessage();
    expect(asked.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(asked.content[0]).toMatchObject({ type: 'thinking', signature: 'fake-signature' });
    const result = { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_01think', content: '14' }] };
    const kept = await client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 2048, thinking, tools, messages: [...user('2+3*4?'), { role: 'assistant', content: asked.content }, result] });
    expect(kept.content.at(-1)).toEqual({ type: 'text', text: 'It is 14.' });
    const dropped = await caught(
      client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 2048, thinking, tools, messages: [...user('2+3*4?'), { role: 'assistant', content: asked.content.slice(1) }, result] }),
    );
    expect(dropped.status).toBe(400);
    expect(dropped.message).toContain('a final `assistant` message must start with a thinking block');
    const unsigned = await caught(
      client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 2048, thinking, tools, messages: [...user('2+3*4?'), { role: 'assistant', content: [{ type: 'thinking', thinking: '', signature: '' }, ...asked.content.slice(1)] }, result] }),
    );
    expect(unsigned.message).toContain('thinking.signature: Field required');
  });

  it('refuses to continue an assistant turn on Claude 5, and while thinking unless it opens with its thinking', async () => {
    const prefill = [...user('q'), { role: 'assistant' as const, content: 'Thought:' }];
    expect((await caught(client.messages.create({ model: 'claude-haiku-5-5', max_tokens: 100, messages: prefill }))).message).toContain('does not support assistant message prefill');
    const thinking = await caught(client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: prefill }));
    expect(thinking.message).toContain('a final `assistant` message must start with a thinking block');
    fake.enqueue({ chunks: [' fine'] });
    expect((await client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 100, messages: prefill })).content).toEqual([{ type: 'text', text: ' fine' }]);
  });
});
