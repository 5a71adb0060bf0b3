import { describe, expect, it } from 'vitest';
import { startDeepSeekFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
import { deepSeekProvider } from './deepseek-provider.ts';

runProviderSuite(
  'deepSeek',
  async () => {
    const fake = await startDeepSeekFake({ apiKey: 'ds-key' });
    return {
      provider: deepSeekProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'deepseek-v4-pro',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: 'ds-key',
        baseURL: fake.url,
        ...overrides,
      }),
      passThrough: {
        model: 'deepseek-r1',
        options: { temperature: 1.3, promptPrefix: 'Think step by step.' },
        expectSent: (request) => {
          expect(request.path).toBe('/chat/completions');
          expect(request.body).toMatchObject({
            model: 'deepseek-v4-flash',
            thinking: { type: 'enabled' },
            messages: [{ role: 'system', content: 'Think step by step.' }, { role: 'user', content: 'Hi' }],
          });
          // DeepSeek ignores sampling while it thinks, so none is sent.
          expect(request.body).not.toHaveProperty('temperature');
        },
      },
    };
  },
  { lengthReason: 'length' },
);

describe('deepSeek provider specifics', () => {
  const ask = (baseURL: string) =>
    deepSeekProvider.stream({ model: 'deepseek-r1', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL }, new AbortController().signal);

  it('streams reasoning_content as reasoning events, then the answer', async () => {
    const fake = await startDeepSeekFake();
    try {
      fake.enqueue({ reasoning: ['Hmm, ', 'so 4.'], chunks: ['4'] });
      const events = await collect(ask(fake.url));
      expect(events.filter((e) => e.type === 'reasoning' || e.type === 'text')).toEqual([
        { type: 'reasoning', delta: 'Hmm, ' },
        { type: 'reasoning', delta: 'so 4.' },
        { type: 'text', delta: '4' },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('switches thinking off for a plain chat, which DeepSeek V4 would otherwise think through', async () => {
    const fake = await startDeepSeekFake();
    try {
      const events = await collect(deepSeekProvider.stream({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'q' }], options: { temperature: 0.4 }, apiKey: 'k', baseURL: fake.url }, new AbortController().signal));
      expect(fake.requests[0]!.body).toMatchObject({ thinking: { type: 'disabled' }, temperature: 0.4 });
      expect(events.filter((e) => e.type === 'reasoning')).toEqual([]);
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    } finally {
      await fake.close();
    }
  });

  it('never sends reasoning back in the history, which DeepSeek refuses', async () => {
    const fake = await startDeepSeekFake();
    try {
      const turns = [
        { role: 'user' as const, content: '2+2?' },
        { role: 'assistant' as const, content: '4' },
        { role: 'user' as const, content: 'and 3+3?' },
      ];
      await collect(deepSeekProvider.stream({ model: 'deepseek-r1', messages: turns, options: {}, apiKey: 'k', baseURL: fake.url }, new AbortController().signal));
      const sent = (fake.requests[0]!.body as { messages: object[] }).messages;
      expect(sent).toEqual(turns);
    } finally {
      await fake.close();
    }
  });

  it('maps 402 Insufficient Balance to insufficient_quota', async () => {
    const fake = await startDeepSeekFake();
    try {
      fake.enqueue({ status: 402 });
      expect((await failureOf(ask(fake.url))).code).toBe('insufficient_quota');
    } finally {
      await fake.close();
    }
  });
});
