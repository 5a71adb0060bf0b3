import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { refusalOf } from '../../test-support/sdk-refusal.ts';
import { dialectModels, startDialectStack, type DialectStack } from '../../test-support/dialect-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

const refusal = (promise: Promise<unknown>) => refusalOf(promise, OpenAI.APIError);

const shell: OpenAI.Responses.FunctionTool = { type: 'function', name: 'shell', description: 'Runs a command', parameters: { type: 'object', properties: { cmd: { type: 'string' } } }, strict: false };

describe.each(testDatabaseKinds)('POST /v1/responses through the openai SDK on %s', (kind) => {
  let s: DialectStack;
  beforeAll(async () => {
    s = await startDialectStack(kind);
  });
  afterAll(() => s.close());

  it('passes an OpenAI model through to the Responses API, previous_response_id included, and records it', async () => {
    const { client, keyId } = await s.keyClient({ quota: 100 });
    s.upstream.enqueue({ chunks: ['Hel', 'lo'], usage: { promptTokens: 5, completionTokens: 2 } });
    const stream = await client.responses.create({ model: dialectModels.gpt, input: 'hi', stream: true });
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(text).toBe('Hello');
    expect(completed?.usage).toMatchObject({ input_tokens: 5, output_tokens: 2 });
    expect(s.upstream.requests.at(-1)!.path).toBe('/v1/responses');
    s.upstream.enqueue({ chunks: ['Again'] });
    const followUp = await client.responses.create({ model: dialectModels.gpt, input: 'and?', previous_response_id: completed!.id });
    expect(followUp.output_text).toBe('Again');
    await expect.poll(async () => (await s.lastRecord(keyId))?.dialect, recordWait).toBe('openai-responses');
    const forgotten = await refusal(client.responses.create({ model: dialectModels.gpt, input: 'and?', previous_response_id: 'resp_unknown' }));
    expect(forgotten).toMatchObject({ status: 400, param: 'previous_response_id' });
  });

  it('answers a Claude model as Responses events: function tools, calls and outputs, reasoning summaries', async () => {
    const { client } = await s.keyClient();
    s.anthropic.enqueue({ reasoning: ['I will list.'], toolCalls: [{ name: 'shell', arguments: '{"cmd":"ls"}' }] });
    const stream = await client.responses.create({ model: dialectModels.claude, instructions: 'You are a coding agent.', input: 'list files', tools: [shell], reasoning: { effort: 'low', summary: 'auto' }, max_output_tokens: 2000, stream: true });
    let summary = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(summary).toBe('I will list.');
    const call = completed!.output.find((item) => item.type === 'function_call')!;
    expect(call).toMatchObject({ name: 'shell', arguments: '{"cmd":"ls"}' });
    const sent = s.anthropic.requests.at(-1)!.body as { system: string; thinking: unknown };
    expect(sent).toMatchObject({ system: 'You are a coding agent.', thinking: { type: 'enabled', budget_tokens: 1024 } });

    s.anthropic.enqueue({ chunks: ['Two files.'] });
    const answer = await client.responses.create({
      model: dialectModels.claude,
      input: [{ role: 'user', content: 'list files' }, call as OpenAI.Responses.ResponseFunctionToolCall, { type: 'function_call_output', call_id: (call as OpenAI.Responses.ResponseFunctionToolCall).call_id, output: 'a.txt b.txt' }],
      tools: [shell],
    });
    expect(answer.output_text).toBe('Two files.');
    const followUp = s.anthropic.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(followUp.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: (call as OpenAI.Responses.ResponseFunctionToolCall).call_id, content: 'a.txt b.txt' }] });
  });

  it('answers a Gemini model too, with images', async () => {
    const { client } = await s.keyClient();
    s.google.enqueue({ chunks: ['A ', 'pixel.'] });
    const answer = await client.responses.create({
      model: dialectModels.gemini,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', detail: 'auto' }] }],
      max_output_tokens: 2000,
    });
    expect(answer.output_text).toBe('A pixel.');
    const sent = s.google.requests.at(-1)!.body as { contents: { parts: unknown[] }[] };
    expect(sent.contents[0]!.parts[1]).toMatchObject({ inlineData: { mimeType: 'image/png' } });
  });

  it('answers 400 for what a translation cannot carry, and OpenAI errors otherwise', async () => {
    const { client } = await s.keyClient();
    expect(await refusal(client.responses.create({ model: dialectModels.claude, input: 'hi', previous_response_id: 'resp_1' }))).toMatchObject({ status: 400, param: 'previous_response_id' });
    expect(await refusal(client.responses.create({ model: dialectModels.claude, input: 'hi', tools: [{ type: 'web_search' }] }))).toMatchObject({ status: 400, param: "tools.0.type 'web_search'" });
    expect(await refusal(client.responses.create({ model: 'no-such-model', input: 'hi' }))).toMatchObject({ status: 404, code: 'model_not_found' });
    expect(await refusal(s.client('sk-wrong').responses.create({ model: dialectModels.gpt, input: 'hi' }))).toMatchObject({ status: 401 });
    const bad = await fetch(`${s.t.url}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer ${(await s.keyClient()).key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: dialectModels.gpt }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'input' } });
  });

  it('records a passed-through stream that ends in an upstream error event as an error', async () => {
    const { client, keyId } = await s.keyClient();
    s.upstream.enqueue({ chunks: ['part'], streamError: { type: 'server_error', message: 'The server had an error' } });
    const events: string[] = [];
    for await (const event of await client.responses.create({ model: dialectModels.gpt, input: 'go', stream: true })) events.push(event.type);
    expect(events.at(-1)).toBe('error');
    await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('error');
    expect(await s.lastRecord(keyId)).toMatchObject({ errorCode: 'server_error', charged: 1 });
  });

  it('stops the upstream call when the client aborts, and charges only what was produced', async () => {
    for (const model of [dialectModels.gpt, dialectModels.claude]) {
      const { client, keyId } = await s.keyClient({ quota: 5 });
      const fake = model === dialectModels.gpt ? s.upstream : s.anthropic;
      fake.enqueue({ chunks: ['one', 'two'], hold: true });
      const before = fake.requests.length;
      const stream = await client.responses.create({ model, input: 'go', stream: true });
      for await (const event of stream) if (event.type === 'response.output_text.delta') break;
      await fake.waitForDisconnect(before);
      await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('cancelled');
      expect(await s.lastRecord(keyId)).toMatchObject({ model, charged: 1 });
      expect(await s.quotaOf(keyId)).toBe(4);
    }
  });
});
