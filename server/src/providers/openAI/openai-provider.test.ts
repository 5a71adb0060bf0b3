import { describe, expect, it } from 'vitest';
import { startOpenAIFake, tinyPngBase64 } from '@parley/testkit';
import { pdfBytes } from '@parley/testkit/fixtures';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
import type { ChatRequest } from '../types.ts';
import { openAIProvider } from './openai-provider.ts';

runProviderSuite('openAI', async () => {
  const fake = await startOpenAIFake({ apiKey: 'sk-test' });
  return {
    provider: openAIProvider,
    fake,
    streaming: true,
    request: (overrides) => ({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      options: {},
      apiKey: 'sk-test',
      baseURL: `${fake.url}/v1`,
      ...overrides,
    }),
    passThrough: {
      // A model that still takes sampling settings (the GPT-6 successors of the spec ids refuse them).
      model: 'gpt-4.1',
      options: { temperature: 0.3, top_p: 0.9, presence_penalty: 0.5, frequency_penalty: -0.5, chatGptLabel: 'Ada', promptPrefix: 'Be brief.' },
      expectSent: (request) => {
        expect(request.path).toBe('/v1/chat/completions');
        expect(request.body).toMatchObject({
          model: 'gpt-4.1',
          temperature: 0.3,
          top_p: 0.9,
          presence_penalty: 0.5,
          frequency_penalty: -0.5,
          stream: true,
          messages: [
            { role: 'system', content: 'You are Ada.\n\nBe brief.' },
            { role: 'user', content: 'Hi' },
          ],
        });
      },
    },
  };
}, { lengthReason: 'length' });

describe('openAI provider specifics', () => {
  it('sends gpt-o3-mini upstream as its catalog successor', async () => {
    const fake = await startOpenAIFake();
    try {
      await collect(openAIProvider.stream({ model: 'gpt-o3-mini', messages: [{ role: 'user', content: 'x' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, new AbortController().signal));
      expect(fake.requests[0]!.body).toMatchObject({ model: 'gpt-6.1-terra' });
    } finally {
      await fake.close();
    }
  });

  // The fake stands in for api.openai.com: its Responses API is used as on OpenAI's own address.
  const responsesApi = { openAIApi: 'responses' as const };
  const ask = (model: string, baseURL: string, settings: ChatRequest['settings'] = responsesApi) =>
    openAIProvider.stream({ model, messages: [{ role: 'user', content: 'x' }], options: { promptPrefix: 'Be brief.', temperature: 0.2, max_tokens: 300 }, apiKey: 'k', baseURL, settings }, new AbortController().signal);
  const deltas = (events: Awaited<ReturnType<typeof collect>>, type: 'text' | 'reasoning') =>
    events.flatMap((e) => (e.type === type ? [e.delta] : [])).join('');

  it('streams a reasoning model through the Responses API with its reasoning summary as reasoning', async () => {
    const fake = await startOpenAIFake();
    try {
      fake.enqueue({ reasoning: ['Thinking ', 'hard.'], chunks: ['Ans', 'wer'], usage: { promptTokens: 4, completionTokens: 9 } });
      const events = await collect(ask('gpt-o3-mini', `${fake.url}/v1`));
      expect(fake.requests[0]).toMatchObject({
        path: '/v1/responses',
        body: { model: 'gpt-6.1-terra', instructions: 'Be brief.', reasoning: { effort: 'medium', summary: 'auto' }, store: false, stream: true },
      });
      // A reasoning model takes no sampling settings.
      expect(fake.requests[0]!.body).not.toHaveProperty('temperature');
      expect(deltas(events, 'reasoning')).toBe('Thinking hard.');
      expect(deltas(events, 'text')).toBe('Answer');
      expect(events.slice(-2)).toEqual([{ type: 'usage', promptTokens: 4, completionTokens: 9 }, { type: 'finish', reason: 'stop' }]);
    } finally {
      await fake.close();
    }
  });

  it('sends a picture and a PDF to a reasoning model as input_image and input_file parts', async () => {
    const fake = await startOpenAIFake();
    try {
      const attachments = [
        { mediaType: 'image/png', data: Buffer.from(tinyPngBase64, 'base64'), filename: 'dot.png' },
        { mediaType: 'application/pdf', data: pdfBytes('Hello'), filename: 'hello.pdf' },
      ];
      const messages = [{ role: 'user' as const, content: 'What are these?', attachments }];
      const events = await collect(openAIProvider.stream({ model: 'gpt-o3', messages, options: {}, apiKey: 'k', baseURL: `${fake.url}/v1`, settings: responsesApi }, new AbortController().signal));
      expect(deltas(events, 'text')).toBe('Echo: What are these?');
      expect((fake.requests[0]!.body as { input: unknown }).input).toEqual([
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What are these?' },
            { type: 'input_image', image_url: `data:image/png;base64,${tinyPngBase64}`, detail: 'auto' },
            { type: 'input_file', filename: 'hello.pdf', file_data: `data:application/pdf;base64,${pdfBytes('Hello').toString('base64')}` },
          ],
        },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('answers an organization OpenAI has not verified without the reasoning summary', async () => {
    const fake = await startOpenAIFake({ verifiedOrganization: false });
    try {
      const events = await collect(ask('gpt-o1', `${fake.url}/v1`));
      expect(fake.requests.map((r) => (r.body as { reasoning?: object }).reasoning)).toEqual([{ effort: 'high', summary: 'auto' }, { effort: 'high' }]);
      expect(deltas(events, 'text')).toBe('Echo: x');
    } finally {
      await fake.close();
    }
  });

  it.each([
    ['by default on a base URL other than api.openai.com', {}],
    ['with OPENAI_API=chat', { openAIApi: 'chat' as const }],
  ])('sends a reasoning model through Chat Completions %s, as relays without the Responses API need', async (_, settings) => {
    const fake = await startOpenAIFake();
    try {
      fake.enqueue({ chunks: ['Relayed'] });
      const events = await collect(ask('gpt-o3-mini', `${fake.url}/v1`, settings));
      expect(fake.requests[0]).toMatchObject({
        path: '/v1/chat/completions',
        body: { model: 'gpt-6.1-terra', reasoning_effort: 'medium', max_completion_tokens: 300, messages: [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: 'x' }] },
      });
      expect(fake.requests[0]!.body).not.toHaveProperty('temperature');
      expect(deltas(events, 'text')).toBe('Relayed');
    } finally {
      await fake.close();
    }
  });

  it('keeps gpt-4o a fast chat model: GPT-6.1 Terra with reasoning off, honouring its sliders', async () => {
    const fake = await startOpenAIFake();
    try {
      await collect(ask('gpt-4o', `${fake.url}/v1`));
      expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'gpt-6.1-terra', reasoning_effort: 'none', temperature: 0.2 } });
    } finally {
      await fake.close();
    }
  });

  it('maps OpenAI error codes: region refusal and organization verification are not a bad key', async () => {
    const fake = await startOpenAIFake();
    try {
      fake.enqueue({ status: 403 }, { status: 403, forbidden: 'verification' });
      expect((await failureOf(ask('gpt-4o', `${fake.url}/v1`))).code).toBe('upstream_forbidden');
      expect((await failureOf(ask('gpt-4o', `${fake.url}/v1`))).code).toBe('upstream_forbidden');
    } finally {
      await fake.close();
    }
  });

  it('draws gpt-4o-image through the images API and answers one image', async () => {
    const fake = await startOpenAIFake();
    try {
      const events = await collect(openAIProvider.stream({ model: 'gpt-4o-image', messages: [{ role: 'user', content: 'a cat' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, new AbortController().signal));
      expect(fake.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'gpt-image-2.6-flare', prompt: 'a cat' } });
      expect(events.find((e) => e.type === 'image')).toMatchObject({ type: 'image', url: expect.stringMatching(/^data:image\/png;base64,/) });
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    } finally {
      await fake.close();
    }
  });

  it('refuses an empty credential instead of falling back to the environment', async () => {
    const error = await failureOf(openAIProvider.stream({ model: 'gpt-4o', messages: [], options: {}, apiKey: '' }, new AbortController().signal));
    expect(error.code).toBe('invalid_api_key');
  });
});
