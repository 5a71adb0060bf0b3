import { afterEach, describe, expect, it } from 'vitest';
import { startAnthropicFake } from './anthropic.ts';
import type { FakeUpstream } from './fake-server.ts';
import { startGoogleFake } from './google.ts';
import { startAzureOpenAIFake, startOpenAIFake } from './openai-compatible.ts';

const open: FakeUpstream[] = [];
const track = async <T extends FakeUpstream>(fake: Promise<T>) => {
  const started = await fake;
  open.push(started);
  return started;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

const post = (url: string, body: unknown, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const dataFrames = (text: string) =>
  text
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => f.slice(6));

describe('OpenAI Chat Completions fake', () => {
  it('streams chat.completion.chunk deltas, the usage-only chunk only when asked, then [DONE]', async () => {
    const fake = await track(startOpenAIFake());
    fake.enqueue({ chunks: ['Hel', 'lo'], usage: { promptTokens: 3, completionTokens: 2 } }, { chunks: ['x'] });
    const auth = { authorization: 'Bearer k' };
    const withUsage = dataFrames(await (await post(`${fake.url}/v1/chat/completions`, { model: 'gpt-4o', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'q' }] }, auth)).text());
    expect(withUsage.at(-1)).toBe('[DONE]');
    const chunks = withUsage.slice(0, -1).map((f) => JSON.parse(f));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content).filter(Boolean)).toEqual(['Hel', 'lo']);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');

    const plain = dataFrames(await (await post(`${fake.url}/v1/chat/completions`, { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'q' }] }, auth)).text());
    expect(plain.slice(0, -1).some((f) => 'usage' in JSON.parse(f))).toBe(false);
  });

  it('answers errors with {error:{message,type,code}} and serves the models list', async () => {
    const fake = await track(startOpenAIFake({ apiKey: 'right', models: ['gpt-4o'] }));
    const refused = await post(`${fake.url}/v1/chat/completions`, { messages: [] }, { authorization: 'Bearer wrong' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    fake.enqueue({ status: 429, quota: true });
    const quota = await post(`${fake.url}/v1/chat/completions`, { model: 'gpt-4o', messages: [{ role: 'user', content: 'q' }] }, { authorization: 'Bearer right' });
    expect(await quota.json()).toMatchObject({ error: { type: 'insufficient_quota', code: 'insufficient_quota' } });
    const models = await fetch(`${fake.url}/v1/models`, { headers: { authorization: 'Bearer right' } });
    expect(await models.json()).toMatchObject({ object: 'list', data: [{ id: 'gpt-4o', object: 'model' }] });
  });

  it('echoes the last user turn when nothing is scripted', async () => {
    const fake = await track(startOpenAIFake());
    const reply = await post(`${fake.url}/v1/chat/completions`, { model: 'gpt-6-luna', messages: [{ role: 'user', content: 'ping pong' }] }, { authorization: 'Bearer k' });
    expect(await reply.json()).toMatchObject({ choices: [{ message: { content: 'Echo: ping pong' } }] });
  });

  it('keeps a reply scripted for one model queued while calls to other models pass it by', async () => {
    const fake = await track(startOpenAIFake());
    fake.enqueue({ model: 'gpt-6.1-terra', chunks: ['For terra'] }, { chunks: ['For anyone'] });
    const ask = async (model: string) =>
      (await (await post(`${fake.url}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'hi' }] }, { authorization: 'Bearer k' })).json()) as { choices: { message: { content: string } }[] };
    expect((await ask('gpt-6-luna')).choices[0]!.message.content).toBe('For anyone');
    expect((await ask('gpt-6-luna')).choices[0]!.message.content).toBe('Echo: hi');
    expect((await ask('gpt-6.1-terra')).choices[0]!.message.content).toBe('For terra');
  });

  it('keeps a reply scripted for a mention queued until a call mentions it', async () => {
    const fake = await track(startOpenAIFake());
    fake.enqueue({ mentioning: 'walk-7f3', chunks: ['For the walk'] });
    const ask = async (content: string) =>
      (await (await post(`${fake.url}/v1/chat/completions`, { model: 'gpt-6-luna', messages: [{ role: 'user', content }] }, { authorization: 'Bearer k' })).json()) as { choices: { message: { content: string } }[] };
    expect((await ask('another test')).choices[0]!.message.content).toBe('Echo: another test');
    expect((await ask('the walk-7f3 message')).choices[0]!.message.content).toBe('For the walk');
  });
});

describe('Azure OpenAI fake', () => {
  it('only answers the deployments path with an api-version and an api-key header', async () => {
    const fake = await track(startAzureOpenAIFake({ deployments: { d1: 'gpt-6.1-terra' } }));
    const path = `${fake.url}/openai/deployments/d1/chat/completions`;
    expect((await post(path, { messages: [] }, { 'api-key': 'k' })).status).toBe(404);
    expect((await post(`${path}?api-version=2024-10-21`, { messages: [] }, { authorization: 'Bearer k' })).status).toBe(401);
    expect((await post(`${path}?api-version=2024-10-21`, { messages: [{ role: 'user', content: 'q' }] }, { 'api-key': 'k' })).status).toBe(200);
  });
});

describe('Anthropic Messages fake', () => {
  it('streams the documented event sequence and checks the version header', async () => {
    const fake = await track(startAnthropicFake());
    expect((await post(`${fake.url}/v1/messages`, {}, { 'x-api-key': 'k' })).status).toBe(400);
    fake.enqueue({ chunks: ['Hi'], reasoning: ['hm'] });
    const thinking = { type: 'enabled', budget_tokens: 1024 };
    const body = { model: 'claude-sonnet-4-6', max_tokens: 2048, thinking, stream: true, messages: [{ role: 'user', content: 'q' }] };
    const text = await (await post(`${fake.url}/v1/messages`, body, { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' })).text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'message_start',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'ping', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    expect(text).toContain('"type":"thinking_delta","thinking":"hm"');
    expect(text).toContain('"stop_reason":"end_turn"');
  });
});

describe('Google fake', () => {
  it('streams Gemini SSE candidates with finishReason and usageMetadata on the last frame', async () => {
    const fake = await track(startGoogleFake());
    fake.enqueue({ chunks: ['a', 'b'] });
    const text = await (await post(`${fake.url}/v1beta/models/gemini-3.7-flash:streamGenerateContent?alt=sse`, { contents: [] }, { 'x-goog-api-key': 'k' })).text();
    const frames = text.split('\r\n\r\n').filter(Boolean).map((f) => JSON.parse(f.slice(6)));
    expect(frames.map((f) => f.candidates[0].content.parts[0].text)).toEqual(['a', 'b']);
    expect(frames[1]).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { candidatesTokenCount: 2 } });
    expect(frames[0].candidates[0].finishReason).toBeUndefined();
  });

  it('refuses Vertex calls without a token from its JWT-bearer endpoint', async () => {
    const fake = await track(startGoogleFake());
    const path = `${fake.url}/v1/projects/p/locations/us-central1/publishers/google/models/gemini-3.7-flash:generateContent`;
    const refused = await post(path, { contents: [] }, { authorization: 'Bearer made-up' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const grant = await fetch(`${fake.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a.b.c' }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
