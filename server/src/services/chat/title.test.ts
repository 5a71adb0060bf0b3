import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import { cleanTitle, fallbackTitle, generateTitle } from './title.ts';

describe('fallbackTitle', () => {
  it('takes the first six words of the question', () => {
    expect(fallbackTitle('  How do I   bake sourdough bread at home today? ')).toBe('How do I bake sourdough bread');
  });

  it('cuts a long single word and names an empty question New Chat', () => {
    expect([...fallbackTitle('x'.repeat(200))]).toHaveLength(60);
    expect(fallbackTitle('   ')).toBe('New Chat');
  });
});

describe('cleanTitle', () => {
  it('strips markdown, a title label and quotes, and keeps at most 60 characters', () => {
    expect(cleanTitle('## **Trip to `Kyoto`**')).toBe('Trip to Kyoto');
    expect(cleanTitle('标题：「京都之旅」')).toBe('京都之旅');
    expect(cleanTitle('- [Autumn](https://x.test) plans.')).toBe('Autumn plans');
    const long = cleanTitle('word '.repeat(40));
    expect([...long]).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('generateTitle against the OpenAI fake', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startOpenAIFake();
  });
  afterAll(() => upstream.close());
  const base = () => ({ model: 'gpt-4o', apiKey: 'sk-test', baseURL: `${upstream.url}/v1` });
  const exchange = { userText: 'Plan a trip to Kyoto in autumn', replyText: 'Here is a plan.' };

  it('asks the model with the exchange and strips quotes and a Title: label', async () => {
    upstream.enqueue({ chunks: ['Title: "Autumn ', 'in Kyoto".'] });
    expect(await generateTitle(openAIProvider, base(), exchange)).toBe('Autumn in Kyoto');
    const sent = upstream.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)!.content).toContain('Plan a trip to Kyoto in autumn');
  });

  it('falls back to the first words when the model does not answer in time', async () => {
    upstream.enqueue({ chunks: [], hold: true });
    const started = Date.now();
    expect(await generateTitle(openAIProvider, base(), exchange, 300)).toBe('Plan a trip to Kyoto in');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('falls back when the upstream refuses', async () => {
    upstream.enqueue({ status: 401 });
    expect(await generateTitle(openAIProvider, base(), exchange)).toBe('Plan a trip to Kyoto in');
  });
});
