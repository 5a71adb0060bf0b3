import { describe, expect, it } from 'vitest';
import { startGrokFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
import { grokProvider } from './grok-provider.ts';

runProviderSuite(
  'grok',
  async () => {
    const fake = await startGrokFake({ apiKey: 'xai-key' });
    return {
      provider: grokProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'grok-3',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: 'xai-key',
        baseURL: `${fake.url}/v1`,
        ...overrides,
      }),
      passThrough: {
        model: 'grok-3',
        options: { promptPrefix: 'Be witty.', temperature: 1.7 },
        expectSent: (request) => {
          expect(request.headers.authorization).toBe('Bearer xai-key');
          expect(request.body).toMatchObject({
            model: 'grok-4.3',
            messages: [{ role: 'system', content: 'Be witty.' }, { role: 'user', content: 'Hi' }],
          });
          // The grok panel has no sliders, so nothing the user cannot see is sent.
          expect(request.body).not.toHaveProperty('temperature');
        },
      },
    };
  },
  { lengthReason: 'length' },
);

describe('grok provider specifics', () => {
  const ask = (model: string, baseURL: string) =>
    grokProvider.stream({ model, messages: [{ role: 'user', content: 'news?' }], options: {}, apiKey: 'k', baseURL }, new AbortController().signal);

  it('deep-searches with the Agent Tools of the Responses API and lists the citations as links under the reply', async () => {
    const fake = await startGrokFake();
    try {
      fake.enqueue({ chunks: ['Rain ', 'today.'], citations: ['https://weather.example/today', 'https://x.com/i/status/1'], usage: { promptTokens: 5, completionTokens: 3 } });
      const events = await collect(ask('grok-3-deepsearch', `${fake.url}/v1`));
      expect(fake.requests[0]).toMatchObject({
        path: '/v1/responses',
        body: { model: 'grok-4.3', tools: [{ type: 'web_search' }, { type: 'x_search' }], stream: true },
      });
      expect(fake.requests[0]!.body).not.toHaveProperty('search_parameters');
      const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
      expect(text).toBe('Rain today.\n\n---\n\n1. [Source 1](https://weather.example/today)\n2. [Source 2](https://x.com/i/status/1)');
      expect(events.slice(-2)).toEqual([{ type: 'usage', promptTokens: 5, completionTokens: 3 }, { type: 'finish', reason: 'stop' }]);
    } finally {
      await fake.close();
    }
  });

  it("maps xAI's bad key (400), spent credits (403) and region refusal (403) by their answers", async () => {
    const fake = await startGrokFake({ apiKey: 'right' });
    try {
      expect((await failureOf(ask('grok-3', `${fake.url}/v1`))).code).toBe('invalid_api_key');
      const right = (model: string) => grokProvider.stream({ model, messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'right', baseURL: `${fake.url}/v1` }, new AbortController().signal);
      fake.enqueue({ status: 403, quota: true }, { status: 403 });
      expect((await failureOf(right('grok-3'))).code).toBe('upstream_out_of_credit');
      expect((await failureOf(right('grok-3-deepsearch'))).code).toBe('upstream_forbidden');
    } finally {
      await fake.close();
    }
  });

  it('asks grok-4.3 for high-effort reasoning and streams its reasoning', async () => {
    const fake = await startGrokFake();
    try {
      fake.enqueue({ reasoning: ['First, ', 'then.'], chunks: ['Answer'] });
      const events = await collect(ask('grok-3-reasoning', `${fake.url}/v1`));
      expect(fake.requests[0]!.body).toMatchObject({ model: 'grok-4.3', reasoning_effort: 'high' });
      expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { delta: string }).delta).join('')).toBe('First, then.');
    } finally {
      await fake.close();
    }
  });

  it('draws grok-3-imageGen with grok-imagine-image-2.0 through the images API', async () => {
    const fake = await startGrokFake();
    try {
      const events = await collect(ask('grok-3-imageGen', `${fake.url}/v1`));
      expect(fake.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'grok-imagine-image-2.0' } });
      expect(events.find((e) => e.type === 'image')).toMatchObject({ type: 'image' });
    } finally {
      await fake.close();
    }
  });
});
