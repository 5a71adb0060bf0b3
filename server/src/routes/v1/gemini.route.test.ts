import { ApiError, type FunctionDeclaration } from '@google/genai';
import { tinyPngBase64 } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { refusalOf } from '../../test-support/sdk-refusal.ts';
import { dialectModels, startDialectStack, type DialectStack } from '../../test-support/dialect-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';

const refusal = (promise: Promise<unknown>) => refusalOf(promise, ApiError);

const weather: FunctionDeclaration = { name: 'get_weather', description: 'Weather of a city', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } };

describe.each(testDatabaseKinds)('POST /v1beta/models/{model}:generateContent through @google/genai on %s', (kind) => {
  let s: DialectStack;
  beforeAll(async () => {
    s = await startDialectStack(kind);
  });
  afterAll(() => s.close());

  it('passes a Gemini model’s request through as it came, streamed, and charges and records it', async () => {
    const { key, keyId } = await s.keyClient({ quota: 100 });
    s.google.enqueue({ chunks: ['Hel', 'lo'], reasoning: ['hm'], usage: { promptTokens: 6, completionTokens: 2 } });
    const stream = await s.geminiClient(key).models.generateContentStream({
      model: dialectModels.gemini,
      contents: [{ role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: tinyPngBase64 } }] }],
      config: { thinkingConfig: { includeThoughts: true } },
    });
    let text = '';
    let thoughts = '';
    let usage: unknown;
    for await (const chunk of stream) {
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (part.thought) thoughts += part.text ?? '';
        else text += part.text ?? '';
      }
      usage = chunk.usageMetadata ?? usage;
    }
    expect({ text, thoughts }).toEqual({ text: 'Hello', thoughts: 'hm' });
    expect(usage).toMatchObject({ promptTokenCount: 6, candidatesTokenCount: 2 });
    const sent = s.google.requests.at(-1)!;
    expect(sent.headers['x-goog-api-key']).toBe('g-upstream');
    expect(sent.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: tinyPngBase64 } }] }], generationConfig: { thinkingConfig: { includeThoughts: true } } });
    await expect.poll(() => s.quotaOf(keyId)).toBeLessThan(100);
    await expect.poll(async () => (await s.lastRecord(keyId))?.dialect, recordWait).toBe('gemini');
  });

  it('answers a Claude model as Gemini frames: function calls and responses translated', async () => {
    const { key } = await s.keyClient();
    const ai = s.geminiClient(key);
    s.anthropic.enqueue({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const first = await ai.models.generateContent({ model: dialectModels.claude, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [weather] }], maxOutputTokens: 300 } });
    expect(first.functionCalls).toEqual([{ id: expect.any(String), name: 'get_weather', args: { city: 'Paris' } }]);
    const sent = s.anthropic.requests.at(-1)!.body as { tools: unknown[]; max_tokens: number };
    expect(sent.tools).toEqual([{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect(sent.max_tokens).toBe(300);

    s.anthropic.enqueue({ chunks: ['Sunny ', 'in Paris.'] });
    const stream = await ai.models.generateContentStream({
      model: dialectModels.claude,
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: first.functionCalls![0] }] },
        { role: 'user', parts: [{ functionResponse: { id: first.functionCalls![0]!.id, name: 'get_weather', response: { output: '21°C' } } }] },
      ],
      config: { tools: [{ functionDeclarations: [weather] }] },
    });
    let text = '';
    let finish: string | undefined;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    expect({ text, finish }).toEqual({ text: 'Sunny in Paris.', finish: 'STOP' });
    const followUp = s.anthropic.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(followUp.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: first.functionCalls![0]!.id, content: '{"output":"21°C"}' }] });
  });

  it('answers a GPT model too, and counts tokens', async () => {
    const { key } = await s.keyClient();
    const ai = s.geminiClient(key);
    s.upstream.enqueue({ chunks: ['Bonjour'] });
    const answer = await ai.models.generateContent({ model: dialectModels.gpt, contents: 'hello', config: { systemInstruction: 'Answer in French.' } });
    expect(answer.text).toBe('Bonjour');
    expect((s.upstream.requests.at(-1)!.body as { messages: unknown[] }).messages).toEqual([{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
    const counted = await ai.models.countTokens({ model: dialectModels.gemini, contents: 'How many tokens is this sentence?' });
    expect(counted.totalTokens).toBe(7);
  });

  it('answers errors in Google’s shape, never a 5xx for bad input', async () => {
    const { key } = await s.keyClient({ quota: 10 });
    const ai = s.geminiClient(key);
    expect(await refusal(s.geminiClient('sk-wrong').models.generateContent({ model: dialectModels.gemini, contents: 'hi' }))).toMatchObject({ status: 400, message: expect.stringMatching(/API_KEY_INVALID/) });
    expect(await refusal(ai.models.generateContent({ model: 'no-such-model', contents: 'hi' }))).toMatchObject({ status: 404, message: expect.stringMatching(/NOT_FOUND/) });
    expect(await refusal(ai.models.generateContent({ model: dialectModels.gpt, contents: 'hi', config: { tools: [{ googleSearch: {} }] } }))).toMatchObject({ status: 400, message: expect.stringMatching(/tools\.0\.googleSearch cannot be translated/) });
    const bad = await fetch(`${s.t.url}/v1beta/models/${dialectModels.gemini}:generateContent?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contents: 'not a list' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    const unknownAction = await fetch(`${s.t.url}/v1beta/models/${dialectModels.gemini}:embedContent?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unknownAction.status).toBe(400);
    s.google.enqueue({ status: 503 });
    expect(await refusal(ai.models.generateContent({ model: dialectModels.gemini, contents: 'hi' }))).toMatchObject({ status: 503, message: expect.stringMatching(/UNAVAILABLE/) });
  });

  it('stops the upstream call when the client aborts, and charges only what was produced', async () => {
    for (const model of [dialectModels.gemini, dialectModels.gpt]) {
      const { key, keyId } = await s.keyClient({ quota: 5 });
      const fake = model === dialectModels.gemini ? s.google : s.upstream;
      fake.enqueue({ chunks: ['one', 'two'], hold: true });
      const before = fake.requests.length;
      const controller = new AbortController();
      const stream = await s.geminiClient(key).models.generateContentStream({ model, contents: 'go', config: { abortSignal: controller.signal } });
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();
      controller.abort();
      await fake.waitForDisconnect(before);
      await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('cancelled');
      expect(await s.lastRecord(keyId)).toMatchObject({ model, charged: 1 });
      expect(await s.quotaOf(keyId)).toBe(4);
    }
  });
});
