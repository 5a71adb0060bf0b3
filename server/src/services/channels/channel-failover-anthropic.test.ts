import { startAnthropicFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { anthropicProvider } from '../../providers/anthropic/anthropic-provider.ts';
import type { ChatEvent } from '../../providers/types.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { openAIChannel, startTestChannels } from '../../test-support/channels.ts';
import { createTestDatabase } from '../../test-support/databases.ts';
import { operatorChosen } from '../chat/credentials.ts';
import { channelProvider } from './channel-provider.ts';
import type { Channels } from './create-channels.ts';

/** The AI SDK path (Anthropic) fails over as the Chat Completions reader does. */
describe('channels over the Anthropic API', () => {
  let database: Database;
  let first: FakeUpstream;
  let second: FakeUpstream;
  let channels: Channels;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    [first, second] = [await startAnthropicFake(), await startAnthropicFake()];
    const claude = (name: string, upstream: FakeUpstream, priority: number) => ({
      ...openAIChannel(name, `${upstream.url}/v1`, { priority, models: ['claude-sonnet-4-6'] }),
      type: 'anthropic' as const,
      endpoint: 'anthropic' as const,
    });
    channels = await startTestChannels({ db: database.db, log: bufferLogger().log, channels: [claude('first', first, 1), claude('second', second, 0)] });
  });
  afterAll(async () => {
    await channels.close();
    await Promise.all([first.close(), second.close(), database.close()]);
  });

  it('answers from the second channel when the first is overloaded (529) or refuses the key (401), and disables the refused one', async () => {
    const provider = channelProvider(channels, 'anthropic', anthropicProvider);
    const ask = async () => {
      const events: ChatEvent[] = [];
      const request = { model: 'claude-sonnet-4-6', messages: [{ role: 'user' as const, content: 'hi' }], options: {}, apiKey: '', outbound: operatorChosen };
      for await (const event of provider.stream(request, new AbortController().signal)) events.push(event);
      return events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
    };
    first.enqueue({ status: 529 });
    second.enqueue({ chunks: ['second ', 'answers'] });
    expect(await ask()).toBe('second answers');
    expect(channels.list()[0]!.state).toBe('enabled');
    first.enqueue({ status: 401 });
    second.enqueue({ chunks: ['again'] });
    expect(await ask()).toBe('again');
    expect(channels.list()[0]).toMatchObject({ state: 'auto-disabled', reason: 'key 1 of 1 refused: invalid_api_key (HTTP 401)' });
  });
});
