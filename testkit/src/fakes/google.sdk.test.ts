import { createSign } from 'node:crypto';
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
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
      config: { maxOutputTokens: 1024 + 3, thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } },
    });
    const responses: GenerateContentResponse[] = [];
    for await (const response of stream) responses.push(response);
    const parts = partsOf(responses);
    expect(parts.filter((p) => p.thought).map((p) => p.text)).toEqual(['Pondering.']);
    expect(parts.filter((p) => !p.thought).map((p) => p.text).join('')).toBe('ABC');
    expect(responses.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { thoughtsTokenCount: 1, candidatesTokenCount: 3 } });
  });

  it('spends a small maxOutputTokens on thinking and answers nothing, as Gemini does', async () => {
    fake.enqueue({ chunks: ['lost'] });
    const response = await gemini.models.generateContent({ model: 'gemini-2.5-pro', contents: 'q', config: { maxOutputTokens: 200 } });
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
      location: 'us-central1',
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
});
