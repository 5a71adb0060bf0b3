import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './fake-server.ts';
import { startAzureOpenAIFake, startDeepSeekFake, startGrokFake, startOpenAIFake } from './openai-compatible.ts';

/**
 * The OpenAI-compatible fakes read by the official `openai` SDK: whatever the SDK cannot parse,
 * or parses differently from the real service, fails here.
 */
const user = (content: string) => [{ role: 'user' as const, content }];
const noRetries = { maxRetries: 0 };

async function caught(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }
  throw new Error('the call did not fail');
}

describe('OpenAI fake through the openai SDK', () => {
  let fake: FakeUpstream;
  let client: OpenAI;
  beforeAll(async () => {
    fake = await startOpenAIFake({ apiKey: 'sk-right' });
    client = new OpenAI({ apiKey: 'sk-right', baseURL: `${fake.url}/v1`, ...noRetries });
  });
  afterAll(() => fake.close());

  it('streams chunks with usage and the request id', async () => {
    fake.enqueue({ chunks: ['Hel', 'lo'], usage: { promptTokens: 4, completionTokens: 2 } });
    const { data: stream, request_id } = await client.chat.completions
      .create({ model: 'gpt-6.1-terra', messages: user('hi'), stream: true, stream_options: { include_usage: true } })
      .withResponse();
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(request_id).toMatch(/^req_/);
    expect({ text, finish, usage }).toEqual({ text: 'Hello', finish: 'stop', usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } });
  });

  it('answers a whole completion', async () => {
    fake.enqueue({ chunks: ['Whole'] });
    const completion = await client.chat.completions.create({ model: 'gpt-6.1-sol', messages: [{ role: 'developer', content: 'Be brief.' }, ...user('q')], max_completion_tokens: 50 });
    expect(completion.choices[0]!.message.content).toBe('Whole');
    expect(completion._request_id).toMatch(/^req_/);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('refuses what the real API refuses, with its error codes', async () => {
    const unknown = await caught(client.chat.completions.create({ model: 'gpt-3.5-turbo-0301', messages: user('q') }));
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({ status: 404, code: 'model_not_found', type: 'invalid_request_error' });
    expect(unknown.requestID).toMatch(/^req_/);
    const retired = await caught(client.chat.completions.create({ model: 'o3-mini', messages: user('q') }));
    expect(retired).toMatchObject({ status: 404, code: 'model_not_found' });
    const maxTokens = await caught(client.chat.completions.create({ model: 'gpt-6.1-terra', messages: user('q'), max_tokens: 10 }));
    expect(maxTokens).toMatchObject({ status: 400, code: 'unsupported_parameter', param: 'max_tokens' });
    const stop = await caught(client.chat.completions.create({ model: 'gpt-6.1-sol', messages: user('q'), stop: ['\nObservation:'] }));
    expect(stop).toMatchObject({ status: 400, code: 'unsupported_parameter', param: 'stop' });
    fake.enqueue({ chunks: ['stopped'] });
    expect((await client.chat.completions.create({ model: 'gpt-4.1', messages: user('q'), stop: ['\nObservation:'] })).choices[0]!.message.content).toBe('stopped');
    const sampling = await caught(client.chat.completions.create({ model: 'gpt-6.1-sol', messages: user('q'), temperature: 0.2 }));
    expect(sampling).toMatchObject({ status: 400, code: 'unsupported_parameter', param: 'temperature' });
    // GPT-6 models take temperature only with reasoning off.
    const reasoningOn = await caught(client.chat.completions.create({ model: 'gpt-6-luna', messages: user('q'), temperature: 0.2 }));
    expect(reasoningOn.param).toBe('temperature');
    fake.enqueue({ chunks: ['ok'] });
    expect((await client.chat.completions.create({ model: 'gpt-6-luna', messages: user('q'), temperature: 0.2, reasoning_effort: 'none' as never })).choices[0]!.message.content).toBe('ok');
    const wrongKey = await caught(new OpenAI({ apiKey: 'sk-wrong', baseURL: `${fake.url}/v1`, ...noRetries }).models.list());
    expect(wrongKey).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(wrongKey.code).toBe('invalid_api_key');
    fake.enqueue({ status: 429, quota: true });
    const quota = await caught(client.chat.completions.create({ model: 'gpt-4o', messages: user('q') }));
    expect(quota).toBeInstanceOf(OpenAI.RateLimitError);
    expect(quota.code).toBe('insufficient_quota');
    fake.enqueue({ status: 403 });
    const region = await caught(client.chat.completions.create({ model: 'gpt-4o', messages: user('q') }));
    expect(region).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(region.code).toBe('unsupported_country_region_territory');
  });

  it('streams a Responses API reply with its reasoning summary, and refuses summaries to unverified organizations', async () => {
    fake.enqueue({ reasoning: ['Think', 'ing.'], chunks: ['Ans', 'wer'], usage: { promptTokens: 3, completionTokens: 9 } });
    const stream = await client.responses.create({ model: 'gpt-6.1-terra', input: 'q', reasoning: { effort: 'low', summary: 'auto' }, max_output_tokens: 500, stream: true });
    let summary = '';
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta;
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect({ summary, text }).toEqual({ summary: 'Thinking.', text: 'Answer' });
    expect(completed?.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(completed?.usage).toMatchObject({ input_tokens: 3, output_tokens: 9 });
    fake.enqueue({ chunks: ['Whole'], finishReason: 'length' });
    const whole = await client.responses.create({ model: 'gpt-6-luna', input: [{ role: 'user', content: 'q' }], max_output_tokens: 16 });
    expect(whole).toMatchObject({ output_text: 'Whole', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    const followUp = await client.responses.create({ model: 'gpt-6-luna', input: 'and?', previous_response_id: whole.id });
    expect(followUp.status).toBe('completed');
    const unstored = await client.responses.create({ model: 'gpt-6-luna', input: 'q', store: false });
    const forgotten = await caught(client.responses.create({ model: 'gpt-6-luna', input: 'and?', previous_response_id: unstored.id }));
    expect(forgotten).toMatchObject({ status: 400, param: 'previous_response_id', code: 'previous_response_not_found' });

    const unverified = await startOpenAIFake({ verifiedOrganization: false });
    try {
      const refused = await caught(new OpenAI({ apiKey: 'k', baseURL: `${unverified.url}/v1`, ...noRetries }).responses.create({ model: 'gpt-6.1-sol', input: 'q', reasoning: { summary: 'auto' } }));
      expect(refused).toMatchObject({ status: 400, code: 'unsupported_value', param: 'reasoning.summary' });
    } finally {
      await unverified.close();
    }
  });

  it('lists models and draws with the images API', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain('gpt-6.1-terra');
    expect(ids).not.toContain('gpt-3.5-turbo');
    const image = await client.images.generate({ model: 'gpt-image-2.6-flare', prompt: 'a dot' });
    expect(image.data?.[0]?.b64_json).toMatch(/^iVBOR/);
  });

  it('embeds texts as float or base64 vectors, shortened only where the model can, refusing what OpenAI refuses', async () => {
    const floats = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['one text', 'another'], encoding_format: 'float' });
    expect(floats.data.map((d) => d.embedding.length)).toEqual([1536, 1536]);
    expect(floats.usage.prompt_tokens).toBe(3);
    // The SDK asks base64 by default and decodes it back into numbers.
    const decoded = await client.embeddings.create({ model: 'text-embedding-3-large', input: 'one text', dimensions: 256 });
    expect(decoded.data[0]!.embedding).toHaveLength(256);
    expect(await caught(client.embeddings.create({ model: 'text-embedding-ada-002', input: 'x', dimensions: 256 }))).toMatchObject({ status: 400, param: 'dimensions' });
    expect(await caught(client.embeddings.create({ model: 'text-embedding-3-small', input: '' }))).toMatchObject({ status: 400, param: 'input' });
    expect(await caught(client.embeddings.create({ model: 'gpt-6.1-terra', input: 'x' }))).toMatchObject({ status: 400, param: 'model' });
    // Only what the service serves embeds: an id that is not on its list is an unknown model.
    expect(await caught(client.embeddings.create({ model: 'text-embedding-4-small', input: 'x' }))).toMatchObject({ status: 404, code: 'model_not_found' });
  });
});

describe('Azure OpenAI fake through the AzureOpenAI client', () => {
  let fake: FakeUpstream;
  let client: AzureOpenAI;
  beforeAll(async () => {
    fake = await startAzureOpenAIFake({ apiKey: 'az', deployments: { 'chat-east': 'gpt-6.1-terra' } });
    client = new AzureOpenAI({ endpoint: fake.url, apiKey: 'az', apiVersion: '2024-10-21', deployment: 'chat-east', ...noRetries });
  });
  afterAll(() => fake.close());

  it('streams past the prompt_filter_results frame and ends on a content_filter finish', async () => {
    fake.enqueue({ chunks: ['Fine', ' so far'], blocked: 'reply' });
    const stream = await client.chat.completions.create({ model: '', messages: user('q'), stream: true });
    const frames: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) frames.push(chunk);
    expect(frames[0]).toMatchObject({ choices: [], prompt_filter_results: [{ prompt_index: 0 }] });
    expect(frames.map((f) => f.choices[0]?.delta?.content ?? '').join('')).toBe('Fine so far');
    expect(frames.at(-1)!.choices[0]).toMatchObject({ finish_reason: 'content_filter', content_filter_results: { violence: { filtered: true } } });
  });

  it('refuses a filtered prompt and an unknown deployment with Azure codes', async () => {
    fake.enqueue({ blocked: 'prompt' });
    const filtered = await caught(client.chat.completions.create({ model: '', messages: user('q') }));
    expect(filtered).toMatchObject({ status: 400, code: 'content_filter' });
    const other = new AzureOpenAI({ endpoint: fake.url, apiKey: 'az', apiVersion: '2024-10-21', deployment: 'nope', ...noRetries });
    const missing = await caught(other.chat.completions.create({ model: '', messages: user('q') }));
    expect(missing).toMatchObject({ status: 404, code: 'DeploymentNotFound' });
  });

  it("refuses what the api-version does not have yet, and serves the v1 API's Responses without one", async () => {
    const effort = await caught(client.chat.completions.create({ model: '', messages: user('q'), reasoning_effort: 'low' }));
    expect(effort).toMatchObject({ status: 400, code: 'unknown_parameter', param: 'reasoning_effort' });
    const developer = await caught(client.chat.completions.create({ model: '', messages: [{ role: 'developer', content: 'Be brief.' }, ...user('q')] }));
    expect(developer).toMatchObject({ status: 400, code: 'invalid_value', param: 'messages[0].role' });
    const newer = new AzureOpenAI({ endpoint: fake.url, apiKey: 'az', apiVersion: '2024-12-01-preview', deployment: 'chat-east', ...noRetries });
    fake.enqueue({ chunks: ['Newer'] });
    const answer = await newer.chat.completions.create({ model: '', messages: [{ role: 'developer', content: 'Be brief.' }, ...user('q')], reasoning_effort: 'low' });
    expect(answer.choices[0]!.message.content).toBe('Newer');
    const unversioned = new AzureOpenAI({ endpoint: fake.url, apiKey: 'az', apiVersion: 'not-a-version', deployment: 'chat-east', ...noRetries });
    expect((await caught(unversioned.chat.completions.create({ model: '', messages: user('q') }))).status).toBe(404);
    const v1 = new OpenAI({ apiKey: 'az', baseURL: `${fake.url}/openai/v1`, defaultHeaders: { 'api-key': 'az' }, ...noRetries });
    fake.enqueue({ reasoning: ['Hm.'], chunks: ['V1'] });
    const response = await v1.responses.create({ model: 'chat-east', input: 'q', reasoning: { effort: 'low', summary: 'auto' } });
    expect(response.output_text).toBe('V1');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
  });
});

describe('DeepSeek fake through the openai SDK', () => {
  let fake: FakeUpstream;
  let client: OpenAI;
  beforeAll(async () => {
    fake = await startDeepSeekFake();
    client = new OpenAI({ apiKey: 'sk-ds', baseURL: fake.url, ...noRetries });
  });
  afterAll(() => fake.close());

  it('streams reasoning_content before the answer and refuses it in the history', async () => {
    fake.enqueue({ reasoning: ['Hmm.'], chunks: ['4'] });
    const thinking = { thinking: { type: 'enabled' } } as never;
    const stream = await client.chat.completions.create({ model: 'deepseek-v4-flash', messages: user('2+2'), stream: true, ...(thinking as object) });
    let reasoning = '';
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string | null } | undefined;
      reasoning += delta?.reasoning_content ?? '';
      text += delta?.content ?? '';
    }
    expect({ reasoning, text }).toEqual({ reasoning: 'Hmm.', text: '4' });
    // Thinking is on unless switched off, and the thought counts against max_tokens.
    fake.enqueue({ chunks: ['lost'] });
    const spent = await client.chat.completions.create({ model: 'deepseek-v4-flash', messages: user('title?'), max_tokens: 64 });
    expect(spent.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: null, reasoning_content: expect.any(String) } });
    expect(spent.usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(64);
    fake.enqueue({ chunks: ['kept'] });
    const off = await client.chat.completions.create({ model: 'deepseek-v4-flash', messages: user('title?'), max_tokens: 64, ...({ thinking: { type: 'disabled' } } as object) });
    expect(off.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'kept' } });
    expect(off.choices[0]!.message).not.toHaveProperty('reasoning_content');
    const history = [...user('2+2'), { role: 'assistant', content: '4', reasoning_content: 'Hmm.' }, ...user('and 3+3?')];
    const refused = await caught(client.chat.completions.create({ model: 'deepseek-v4-flash', messages: history as OpenAI.ChatCompletionMessageParam[] }));
    expect(refused.status).toBe(400);
    fake.enqueue({ status: 402 });
    expect((await caught(client.chat.completions.create({ model: 'deepseek-v4-pro', messages: user('q') }))).status).toBe(402);
    // An alias (or a retired id) is not a DeepSeek model: 400 Model Not Exist.
    expect((await caught(client.chat.completions.create({ model: 'deepseek-r1', messages: user('q') }))).status).toBe(400);
    expect((await caught(client.chat.completions.create({ model: 'deepseek-reasoner', messages: user('q') }))).status).toBe(400);
  });
});

describe('xAI fake through the openai SDK', () => {
  let fake: FakeUpstream;
  let client: OpenAI;
  beforeAll(async () => {
    fake = await startGrokFake({ apiKey: 'xai-right' });
    client = new OpenAI({ apiKey: 'xai-right', baseURL: `${fake.url}/v1`, ...noRetries });
  });
  afterAll(() => fake.close());

  it('searches with the Agent Tools of the Responses API and returns url citations', async () => {
    fake.enqueue({ chunks: ['News', '.'], citations: ['https://x.ai/news', 'https://example.org/a'] });
    const stream = await client.responses.create({ model: 'grok-4.3', input: 'news?', tools: [{ type: 'web_search' }, { type: 'x_search' } as never], stream: true });
    const urls: string[] = [];
    let completed: (OpenAI.Responses.Response & { citations?: string[] }) | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.annotation.added') urls.push((event.annotation as { url: string }).url);
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(urls).toEqual(['https://x.ai/news', 'https://example.org/a']);
    expect(completed?.output.map((item) => item.type)).toEqual(['web_search_call', 'message']);
    expect(completed?.citations).toEqual(urls);
    const whole = await client.responses.create({ model: 'grok-4.5', input: 'q', tools: [{ type: 'web_search' }] });
    expect(whole.output_text).toBe('Echo: q');
  });

  it('answers the retired live search, a bad key and a team without credits the way xAI does', async () => {
    const live = await caught(client.chat.completions.create({ model: 'grok-4.3', messages: user('q'), search_parameters: { mode: 'on' } } as never));
    expect(live.status).toBe(410);
    const badKey = await caught(new OpenAI({ apiKey: 'xai-wrong', baseURL: `${fake.url}/v1`, ...noRetries }).chat.completions.create({ model: 'grok-4.3', messages: user('q') }));
    expect(badKey).toBeInstanceOf(OpenAI.BadRequestError);
    // xAI's flat body: the SDK keeps its `error` string as the error.
    expect(badKey.error).toMatch(/^Incorrect API key provided/);
    fake.enqueue({ status: 403, quota: true });
    const credits = await caught(client.chat.completions.create({ model: 'grok-4.3', messages: user('q') }));
    expect(credits).toBeInstanceOf(OpenAI.PermissionDeniedError);
    const image = await client.images.generate({ model: 'grok-imagine-image-2.0', prompt: 'a dot' });
    expect(image.data?.[0]?.b64_json).toBeTruthy();
    expect((await caught(client.images.generate({ model: 'grok-2-image', prompt: 'a dot' }))).status).toBe(404);
  });
});
