import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { openAIChannel, startTestChannels } from '../../test-support/channels.ts';
import { createTestDatabase } from '../../test-support/databases.ts';
import type { Channel } from './channel.ts';
import type { ChannelTarget } from './channel-router.ts';
import type { Channels } from './create-channels.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import type { ChatProvider, MeteredCall } from '../../providers/types.ts';
import { channelProvider } from './channel-provider.ts';

/** The channel each of `calls` calls went to, through `run` (the attempt answers its target). */
async function route(channels: Channels, calls: number, model = 'gpt-4o') {
  const counts: Record<string, number> = {};
  for (let i = 0; i < calls; i++) {
    async function* attempt(target: ChannelTarget) {
      yield target.channel;
    }
    for await (const name of channels.run({ model }, attempt, { signal: new AbortController().signal })) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

describe('channel routing', () => {
  let database: Database;
  const { log } = bufferLogger();
  const start = (channels: Channel[], env: Record<string, string> = {}) => startTestChannels({ db: database.db, log, channels, env });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('splits 1,000 calls by weight (within 5 % of each share), among the highest priority only, spread evenly', async () => {
    const channels = await start([
      openAIChannel('heavy', 'http://heavy.local/v1', { weight: 3 }),
      openAIChannel('light', 'http://light.local/v1', { weight: 1 }),
      openAIChannel('spare', 'http://spare.local/v1', { priority: -1, weight: 100 }),
      openAIChannel('other-model', 'http://other.local/v1', { priority: 5, models: ['gpt-4o-mini'] }),
    ]);
    const counts = await route(channels, 1000);
    expect(Object.keys(counts).sort()).toEqual(['heavy', 'light']);
    expect(Math.abs(counts.heavy! - 750)).toBeLessThanOrEqual(750 * 0.05);
    expect(Math.abs(counts.light! - 250)).toBeLessThanOrEqual(250 * 0.05);
    // Not in runs: every four calls hold three of the heavy one and one of the light one.
    const order: string[] = [];
    for (let i = 0; i < 8; i++) order.push(channels.pick({ model: 'gpt-4o' })!.channel);
    expect(order.filter((name) => name === 'light')).toHaveLength(2);
    expect(order.slice(0, 4).filter((name) => name === 'light')).toHaveLength(1);
    await channels.close();
  });

  it('goes to a lower priority when the higher ones are disabled, and refuses when the operator disabled all', async () => {
    const channels = await start([openAIChannel('first', 'http://first.local/v1', { priority: 2 }), openAIChannel('second', 'http://second.local/v1')]);
    await channels.setState('first', 'disabled');
    expect(await route(channels, 10)).toEqual({ second: 10 });
    await channels.setState('second', 'disabled');
    await expect(route(channels, 1)).rejects.toThrow('every channel serving gpt-4o is disabled');
    await channels.setState('first', 'enabled');
    await channels.setState('second', 'enabled');
    await channels.close();
  });

  it('serves a mapped name under the upstream name it maps to, and the API any provider by model', async () => {
    const channels = await start(
      [
        openAIChannel('mapped', 'http://mapped.local/v1', { models: ['gpt-6-luna'], modelMapping: { 'my-mini': 'gpt-6-luna' } }),
        { ...openAIChannel('claude', 'http://claude.local/v1', { models: ['claude-x'] }), type: 'anthropic', endpoint: 'anthropic' },
      ],
      { DEEPSEEK_API_KEY: 'sk-env' },
    );
    expect(channels.pick({ model: 'my-mini' })).toMatchObject({ channel: 'mapped', upstreamModel: 'gpt-6-luna', effectiveBaseURL: 'http://mapped.local/v1', keyIndex: 0 });
    expect(channels.pick({ model: 'claude-x' })).toMatchObject({ channel: 'claude', type: 'anthropic', upstreamModel: 'claude-x' });
    // The web's endpoint keeps a chat on its provider's channels.
    expect(channels.pick({ model: 'claude-x', endpoint: 'openAI' })).toBeUndefined();
    expect(channels.pick({ model: 'unknown-model' })).toBeUndefined();
    await channels.close();
  });

  it('holds an agent step once when its first channel failed before any output: the retry takes over the hold', async () => {
    const channels = await start([openAIChannel('down', 'http://down.local/v1', { priority: 1 }), openAIChannel('up', 'http://up.local/v1')]);
    const held: MeteredCall[] = [];
    // An agent-like provider: holds its step's model, then calls it on the channel it was given.
    const agent: ChatProvider = {
      async *stream(request) {
        await request.beforeCall?.({ endpoint: 'anthropic', model: 'claude-step' });
        if (request.baseURL === 'http://down.local/v1') throw new ProviderError('upstream_overloaded', 'busy', 503);
        yield { type: 'text', delta: `from ${request.baseURL}` };
        await request.beforeCall?.({ endpoint: 'gptPlugins', model: 'gpt-4o' });
      },
    };
    const request = { model: 'gpt-4o', messages: [], options: {}, apiKey: '', beforeCall: async (call: MeteredCall) => void held.push(call) };
    const events = [];
    for await (const event of channelProvider(channels, 'openAI', agent).stream(request, new AbortController().signal)) events.push(event);
    expect(events).toEqual([{ type: 'text', delta: 'from http://up.local/v1' }]);
    expect(held).toEqual([
      { endpoint: 'anthropic', model: 'claude-step' },
      { endpoint: 'gptPlugins', model: 'gpt-4o' },
    ]);
    await channels.close();
  });

  it('hands the answering attempt on after its first output: an abort still reaches it, and a reader that stops closes it', async () => {
    const channels = await start([openAIChannel('only', 'http://only.local/v1')]);
    const seen: string[] = [];
    async function* attempt(_target: ChannelTarget, signal: AbortSignal) {
      signal.addEventListener('abort', () => seen.push('aborted'));
      try {
        yield 'model';
        yield 'text';
        yield 'more';
      } finally {
        seen.push('closed');
      }
    }
    const controller = new AbortController();
    const read: string[] = [];
    const isOutput = (item: string) => item !== 'model';
    for await (const item of channels.run({ model: 'gpt-4o' }, attempt, { signal: controller.signal, isOutput })) {
      read.push(item);
      if (item === 'text') {
        controller.abort();
        break;
      }
    }
    expect(read).toEqual(['model', 'text']);
    expect(seen).toEqual(['aborted', 'closed']);
    // Once it ended, the caller's signal lets the attempt go.
    const after = new AbortController();
    seen.length = 0;
    for await (const _item of channels.run({ model: 'gpt-4o' }, attempt, { signal: after.signal, isOutput })) continue;
    after.abort();
    expect(seen).toEqual(['closed']);
    await channels.close();
  });
});
