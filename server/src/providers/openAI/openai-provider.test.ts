import { describe, expect, it } from 'vitest';
import { startOpenAIFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../provider-suite.ts';
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
      model: 'gpt-4o',
      options: { temperature: 0.3, top_p: 0.9, presence_penalty: 0.5, frequency_penalty: -0.5, chatGptLabel: 'Ada', promptPrefix: 'Be brief.' },
      expectSent: (request) => {
        expect(request.path).toBe('/v1/chat/completions');
        expect(request.body).toMatchObject({
          model: 'gpt-4o',
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
  it('sends gpt-o3-mini upstream as o3-mini', async () => {
    const fake = await startOpenAIFake();
    try {
      await collect(openAIProvider.stream({ model: 'gpt-o3-mini', messages: [{ role: 'user', content: 'x' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, new AbortController().signal));
      expect(fake.requests[0]!.body).toMatchObject({ model: 'o3-mini' });
    } finally {
      await fake.close();
    }
  });

  it('draws gpt-4o-image through the images API and answers one image', async () => {
    const fake = await startOpenAIFake();
    try {
      const events = await collect(openAIProvider.stream({ model: 'gpt-4o-image', messages: [{ role: 'user', content: 'a cat' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, new AbortController().signal));
      expect(fake.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'gpt-image-1', prompt: 'a cat' } });
      expect(events[0]).toMatchObject({ type: 'image', url: expect.stringMatching(/^data:image\/png;base64,/) });
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
