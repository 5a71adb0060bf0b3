import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { dialectModels, startDialectStack, type DialectStack } from '../../test-support/dialect-stack.ts';

describe.each(testDatabaseKinds)('Claude and Gemini models through POST /v1/chat/completions on %s', (kind) => {
  let s: DialectStack;
  beforeAll(async () => {
    s = await startDialectStack(kind);
  });
  afterAll(() => s.close());

  it('streams a Claude model’s thinking, text and usage as chunks, the reasoning effort become a budget', async () => {
    const { client } = await s.keyClient();
    s.anthropic.enqueue({ reasoning: ['hmm'], chunks: ['Hi', '!'], usage: { promptTokens: 9, completionTokens: 3 } });
    const stream = await client.chat.completions.create({ model: dialectModels.claude, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hello' }], reasoning_effort: 'low', stream: true, stream_options: { include_usage: true } });
    let text = '';
    let reasoning = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      reasoning += (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect({ text, reasoning }).toEqual({ text: 'Hi!', reasoning: 'hmm' });
    expect(usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 3 });
    expect(s.anthropic.requests.at(-1)!.body).toMatchObject({ system: 'Be brief.', thinking: { type: 'enabled', budget_tokens: 1024 }, stream: true });
  });

  it('relays a Gemini model’s tool calls, then takes the tool result back', async () => {
    const { client } = await s.keyClient();
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    s.google.enqueue({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const first = await client.chat.completions.create({ model: dialectModels.gemini, messages: [{ role: 'user', content: 'weather in Oslo?' }], tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });
    s.google.enqueue({ chunks: ['Cold.'] });
    const second = await client.chat.completions.create({ model: dialectModels.gemini, messages: [{ role: 'user', content: 'weather in Oslo?' }, first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '-5°C' }], tools });
    expect(second.choices[0]!.message.content).toBe('Cold.');
  });

  it('answers 400 naming a field Claude cannot take', async () => {
    const { client } = await s.keyClient();
    await expect(client.chat.completions.create({ model: dialectModels.claude, messages: [{ role: 'user', content: 'hi' }], logprobs: true })).rejects.toMatchObject({ status: 400, param: 'logprobs' });
  });
});
