import { createSign } from 'node:crypto';
import { ApiError, GoogleGenAI, ThinkingLevel, type GenerateContentResponse } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleFake, type GoogleFake } from './google.ts';
import type { ServiceAccountKey } from './service-account.ts';

/** The Google fake (Gemini API and Vertex AI) read by the official `@google/genai`. */
async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

/** A token from the fake's JWT-bearer endpoint, signed with the service account's key. */
async function vertexToken(key: ServiceAccountKey): Promise<string> {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: key.client_email, aud: key.token_uri, scope: 'https://www.googleapis.com/auth/cloud-platform', iat: now, exp: now + 600 })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key, 'base64url');
  const answer = await fetch(key.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const partsOf = (responses: GenerateContentResponse[]) => responses.flatMap((r) => r.candidates?.[0]?.content?.parts ?? []);

describe('Google fake through @google/genai', () => {
  let fake: GoogleFake;
  let gemini: GoogleGenAI;
  beforeAll(async () => {
    fake = await startGoogleFake({ apiKey: 'AIza-right' });
    gemini = new GoogleGenAI({ apiKey: 'AIza-right', httpOptions: { baseUrl: fake.url } });
  });
  afterAll(() => fake.close());

  it('streams thought parts apart from the answer, with thinking inside maxOutputTokens', async () => {
    fake.enqueue({ reasoning: ['Pondering.'], chunks: ['A', 'B', 'C'] });
    const stream = await gemini.models.generateContentStream({
      model: 'gemini-3.7-flash',
      contents: 'q',
      config: { maxOutputTokens: 1000 + 3, thinkingConfig: { thinkingLevel: ThinkingLevel.HIGH, includeThoughts: true } },
    });
    const responses: GenerateContentResponse[] = [];
    for await (const response of stream) responses.push(response);
    const parts = partsOf(responses);
    expect(parts.filter((p) => p.thought).map((p) => p.text)).toEqual(['Pondering.']);
    expect(parts.filter((p) => !p.thought).map((p) => p.text).join('')).toBe('ABC');
    expect(responses.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { thoughtsTokenCount: 1, candidatesTokenCount: 3 } });
  });

  it('takes a thinking level on Gemini 3 and a budget on Gemini 2.5, refusing the budget from Gemini 3.5 on', async () => {
    fake.enqueue({ chunks: ['Lean'] }, { chunks: ['Old'] });
    const minimal = await gemini.models.generateContent({ model: 'gemini-3.5-flash-lite', contents: 'q', config: { maxOutputTokens: 8, thinkingConfig: { thinkingLevel: ThinkingLevel.MINIMAL } } });
    expect(minimal.text).toBe('Lean');
    const budget = await gemini.models.generateContent({ model: 'gemini-2.5-flash-lite', contents: 'q', config: { thinkingConfig: { thinkingBudget: 0 } } });
    expect(budget.text).toBe('Old');
    const refused = await caught(gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: 'q', config: { thinkingConfig: { thinkingBudget: 0 } } }));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Use thinking_level instead');
    const levelOn25 = await caught(gemini.models.generateContent({ model: 'gemini-2.5-flash-lite', contents: 'q', config: { thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } } }));
    expect(levelOn25.status).toBe(400);
  });

  it("answers on the Gemini API's stable v1 path as on v1beta", async () => {
    const stable = new GoogleGenAI({ apiKey: 'AIza-right', httpOptions: { baseUrl: fake.url, apiVersion: 'v1' } });
    fake.enqueue({ chunks: ['Sta', 'ble'] });
    const responses: GenerateContentResponse[] = [];
    for await (const response of await stable.models.generateContentStream({ model: 'gemini-3.7-flash', contents: 'q' })) responses.push(response);
    expect(responses.map((r) => r.text).join('')).toBe('Stable');
    expect(fake.requests.at(-1)!.path).toBe('/v1/models/gemini-3.7-flash:streamGenerateContent');
  });

  it('spends a small maxOutputTokens on thinking and answers nothing, as Gemini does', async () => {
    fake.enqueue({ chunks: ['lost'] });
    const response = await gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: 'q', config: { maxOutputTokens: 200 } });
    expect(response.text).toBeUndefined();
    expect(response.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
  });

  it('reports safety blocks of the prompt and of the answer', async () => {
    fake.enqueue({ blocked: 'prompt' });
    const prompt = await gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: 'q' });
    expect(prompt.promptFeedback?.blockReason).toBe('SAFETY');
    expect(prompt.candidates).toBeUndefined();
    fake.enqueue({ blocked: 'reply', chunks: ['a', 'b', 'c', 'd'] });
    const stream = await gemini.models.generateContentStream({ model: 'gemini-3.7-flash', contents: 'q' });
    const responses: GenerateContentResponse[] = [];
    for await (const response of stream) responses.push(response);
    expect(responses.at(-1)?.candidates?.[0]?.finishReason).toBe('SAFETY');
  });

  it('answers Google error bodies the SDK reads as ApiError with their status', async () => {
    const unknown = await caught(gemini.models.generateContent({ model: 'chat-bison', contents: 'q' }));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toContain('NOT_FOUND');
    const badKey = await caught(new GoogleGenAI({ apiKey: 'wrong', httpOptions: { baseUrl: fake.url } }).models.generateContent({ model: 'gemini-3.7-flash', contents: 'q' }));
    expect(badKey.status).toBe(400);
    expect(badKey.message).toContain('API_KEY_INVALID');
    fake.enqueue({ status: 429 });
    const limited = await caught(gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: 'q' }));
    expect(limited.status).toBe(429);
    expect(limited.message).toContain('RetryInfo');
  });

  it('lists the Gemini models', async () => {
    const names: string[] = [];
    for await (const model of await gemini.models.list()) names.push(model.name ?? '');
    expect(names).toContain('models/gemini-3.7-flash');
  });

  it('serves Vertex AI with a service-account token, and 404s the retired PaLM models', async () => {
    const token = await vertexToken(fake.serviceAccount);
    const authClient = { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) };
    const vertex = new GoogleGenAI({
      vertexai: true,
      project: fake.serviceAccount.project_id,
      location: 'global',
      googleAuthOptions: { authClient: authClient as never },
      httpOptions: { baseUrl: fake.url },
    });
    fake.enqueue({ chunks: ['Ver', 'tex'] });
    const stream = await vertex.models.generateContentStream({ model: 'gemini-3.7-flash', contents: 'q' });
    const responses: GenerateContentResponse[] = [];
    for await (const response of stream) responses.push(response);
    expect(responses.map((r) => r.text).join('')).toBe('Vertex');
    expect((await caught(vertex.models.generateContent({ model: 'chat-bison', contents: 'q' }))).status).toBe(404);
  });

  it('streams signed functionCall parts and takes the functionResponse follow-up, refusing a call sent back unsigned', async () => {
    const config = { tools: [{ functionDeclarations: [{ name: 'calculator', description: 'math', parametersJsonSchema: { type: 'object', properties: { input: { type: 'string' } } } }] }] };
    fake.enqueue({ toolCalls: [{ name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['It is 14.'] });
    const responses: GenerateContentResponse[] = [];
    for await (const response of await gemini.models.generateContentStream({ model: 'gemini-3.7-flash', contents: '2+3*4?', config })) responses.push(response);
    expect(responses.at(-1)!.functionCalls).toEqual([{ name: 'calculator', args: { input: '2+3*4' } }]);
    const call = partsOf(responses).find((p) => p.functionCall)!;
    expect(call.thoughtSignature).toBeTruthy();
    const question = { role: 'user', parts: [{ text: '2+3*4?' }] };
    const answer = { role: 'user', parts: [{ functionResponse: { name: 'calculator', response: { output: '14' } } }] };
    const followUp = await gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: [question, { role: 'model', parts: [call] }, answer], config });
    expect(followUp.text).toBe('It is 14.');
    const unsigned = await caught(gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: [question, { role: 'model', parts: [{ functionCall: call.functionCall }] }, answer], config }));
    expect(unsigned.message).toContain('Function call is missing a thought_signature');
    const unanswered = await caught(gemini.models.generateContent({ model: 'gemini-3.7-flash', contents: [question, { role: 'model', parts: [call] }, question], config }));
    expect(unanswered.message).toContain('number of function response parts is equal to the number of function call parts');
  });
});
