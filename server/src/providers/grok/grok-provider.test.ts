import { describe, expect, it } from 'vitest';
import { startGrokFake } from '@parley/testkit';
import { collect, runProviderSuite } from '../provider-suite.ts';
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
            model: 'grok-3',
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

  it('turns on xAI live search with citations for grok-3-deepsearch', async () => {
    const fake = await startGrokFake();
    try {
      await collect(ask('grok-3-deepsearch', `${fake.url}/v1`));
      expect(fake.requests[0]!.body).toMatchObject({
        model: 'grok-3',
        search_parameters: { mode: 'on', return_citations: true },
      });
    } finally {
      await fake.close();
    }
  });

  it('asks grok-3-mini for high-effort reasoning and streams its reasoning', async () => {
    const fake = await startGrokFake();
    try {
      fake.enqueue({ reasoning: ['First, ', 'then.'], chunks: ['Answer'] });
      const events = await collect(ask('grok-3-reasoning', `${fake.url}/v1`));
      expect(fake.requests[0]!.body).toMatchObject({ model: 'grok-3-mini', reasoning_effort: 'high' });
      expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { delta: string }).delta).join('')).toBe('First, then.');
    } finally {
      await fake.close();
    }
  });

  it('draws grok-3-imageGen with grok-2-image through the images API', async () => {
    const fake = await startGrokFake();
    try {
      const events = await collect(ask('grok-3-imageGen', `${fake.url}/v1`));
      expect(fake.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'grok-2-image' } });
      expect(events[0]).toMatchObject({ type: 'image' });
    } finally {
      await fake.close();
    }
  });
});
