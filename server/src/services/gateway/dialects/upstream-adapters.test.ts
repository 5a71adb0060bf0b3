import { startAnthropicFake, startGoogleFake, tinyPngBase64, type FakeUpstream, type GoogleFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../providers/provider-error.ts';
import { fakeUpstreamOutbound } from '../../../test-support/provider-suite.ts';
import { anthropicChunks, anthropicCompletion, anthropicTarget } from './anthropic/anthropic-upstream.ts';
import type { CanonicalChunk, CanonicalRequest } from './canonical.ts';
import { geminiChunks, geminiCompletion } from './gemini/gemini-upstream.ts';

async function collect(chunks: AsyncIterable<CanonicalChunk>) {
  const all: CanonicalChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  const text = all.map((c) => c.choices[0]?.delta.content ?? '').join('');
  const reasoning = all.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('');
  const finish = all.map((c) => c.choices[0]?.finish_reason).find(Boolean);
  return { all, text, reasoning, finish, usage: all.at(-1)!.usage };
}

const ask = (model: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({ model, messages: [{ role: 'user', content: 'hello there' }], ...extra });

describe('Anthropic as an upstream of Chat Completions', () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startAnthropicFake({ apiKey: 'sk-ant' });
  });
  afterAll(() => fake.close());
  const target = () => anthropicTarget(`${fake.url}/v1`, 'sk-ant');

  it('streams text, thinking and usage from a Claude model', async () => {
    fake.enqueue({ chunks: ['Hel', 'lo'], reasoning: ['hmm'], usage: { promptTokens: 11, completionTokens: 3 } });
    const read = await collect(anthropicChunks(target(), ask('claude-sonnet-4-6', { reasoning_effort: 'low', max_tokens: 2000 }), 'claude-sonnet-4-6', new AbortController().signal));
    expect(read).toMatchObject({ text: 'Hello', reasoning: 'hmm', finish: 'stop', usage: { prompt_tokens: 11, completion_tokens: 3 } });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body).toMatchObject({ model: 'claude-sonnet-4-6', stream: true, thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 3024 });
  });

  it('streams tool calls and sends tool results and images back in the shape Anthropic checks', async () => {
    fake.enqueue({ toolCalls: [{ name: 'look', arguments: '{"q":"cat"}' }] });
    const first = await collect(anthropicChunks(target(), ask('claude-haiku-4-5', { tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }] }), 'claude-haiku-4-5', new AbortController().signal));
    expect(first.finish).toBe('tool_calls');
    const call = first.all.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const id = call[0]!.id!;
    expect(call.map((c) => c.function?.arguments ?? '').join('')).toBe('{"q":"cat"}');
    const whole = await anthropicCompletion(
      target(),
      ask('claude-haiku-4-5', {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${tinyPngBase64}` } }] },
          { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'look', arguments: '{"q":"cat"}' } }] },
          { role: 'tool', tool_call_id: id, content: 'a cat' },
        ],
      }),
      'claude-haiku-4-5',
      new AbortController().signal,
    );
    expect(whole.choices[0]!.finish_reason).toBe('stop');
  });

  it('turns refusals and stream errors into ProviderErrors', async () => {
    fake.enqueue({ status: 429 });
    await expect(collect(anthropicChunks(target(), ask('claude-haiku-4-5'), 'claude-haiku-4-5', new AbortController().signal))).rejects.toMatchObject({ code: 'upstream_rate_limited' });
    fake.enqueue({ chunks: ['a'], streamError: { type: 'overloaded_error', message: 'Overloaded' } });
    const failed = collect(anthropicChunks(target(), ask('claude-haiku-4-5'), 'claude-haiku-4-5', new AbortController().signal));
    await expect(failed).rejects.toBeInstanceOf(ProviderError);
    await expect(failed).rejects.toMatchObject({ code: 'upstream_overloaded' });
  });

  it('closes the upstream connection when the reader stops', async () => {
    fake.enqueue({ chunks: ['a', 'b'], hold: true });
    const before = fake.requests.length;
    for await (const chunk of anthropicChunks(target(), ask('claude-haiku-4-5'), 'claude-haiku-4-5', new AbortController().signal)) {
      if (chunk.choices[0]?.delta.content) break;
    }
    await fake.waitForDisconnect(before);
  });
});

describe('Gemini as an upstream of Chat Completions', () => {
  let fake: GoogleFake;
  beforeAll(async () => {
    fake = await startGoogleFake({ apiKey: 'g-key' });
  });
  afterAll(() => fake.close());

  it('streams a thinking model’s thoughts, text and usage with an API key', async () => {
    fake.enqueue({ chunks: ['Hi', '!'], reasoning: ['so'], usage: { promptTokens: 4, completionTokens: 2 } });
    const read = await collect(geminiChunks({ apiKey: 'g-key', baseURL: fake.url }, ask('gemini-3.7-flash', { reasoning_effort: 'low' }), 'gemini-3.7-flash', new AbortController().signal));
    expect(read).toMatchObject({ text: 'Hi!', reasoning: 'so', finish: 'stop' });
    expect(read.usage).toMatchObject({ prompt_tokens: 4 });
    expect(fake.requests.at(-1)!.query).toMatchObject({ alt: 'sse' });
  });

  it('carries a thinking model’s thought signature through a tool round trip', async () => {
    fake.enqueue({ toolCalls: [{ name: 'look', arguments: '{"q":1}' }] });
    const tools = [{ type: 'function' as const, function: { name: 'look', parameters: { type: 'object' } } }];
    const first = await geminiCompletion({ apiKey: 'g-key', baseURL: fake.url }, ask('gemini-3.7-flash', { tools }), 'gemini-3.7-flash', new AbortController().signal);
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const second = await geminiCompletion(
      { apiKey: 'g-key', baseURL: fake.url },
      ask('gemini-3.7-flash', { tools, messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: '42' }] }),
      'gemini-3.7-flash',
      new AbortController().signal,
    );
    expect(second.choices[0]!.finish_reason).toBe('stop');
    const sent = fake.requests.at(-1)!.body as { contents: { parts: { thoughtSignature?: string }[] }[] };
    expect(sent.contents[1]!.parts[0]!.thoughtSignature).toMatch(/fake0signature/);
  });

  it('reaches Vertex AI with a service-account key', async () => {
    fake.enqueue({ chunks: ['V'] });
    const read = await collect(geminiChunks({ apiKey: JSON.stringify(fake.serviceAccount), baseURL: fake.url, outbound: fakeUpstreamOutbound }, ask('gemini-3.7-flash'), 'gemini-3.7-flash', new AbortController().signal));
    expect(read.text).toBe('V');
    expect(fake.requests.at(-1)!.path).toMatch(/\/publishers\/google\/models\/gemini-3\.7-flash:streamGenerateContent$/);
  });

  it('answers a wrong key as invalid_api_key', async () => {
    await expect(geminiCompletion({ apiKey: 'nope', baseURL: fake.url }, ask('gemini-3.7-flash'), 'gemini-3.7-flash', new AbortController().signal)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });
});
