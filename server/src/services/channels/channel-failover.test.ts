import { startOpenAIFake, freePort, type FakeUpstream } from '@parley/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/provider-error.ts';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import type { ChatEvent } from '../../providers/types.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { manualClock, manualSchedule, openAIChannel, startTestChannels } from '../../test-support/channels.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import type { Database } from '../../db/client.ts';
import { operatorChosen } from '../chat/credentials.ts';
import type { Channel } from './channel.ts';
import { channelProvider } from './channel-provider.ts';
import type { Channels } from './create-channels.ts';

/** Everything one chat through the channels streamed, and how it ended. */
async function chat(channels: Channels, text = 'hello') {
  const events: ChatEvent[] = [];
  const provider = channelProvider(channels, 'openAI', openAIProvider);
  const request = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: text }], options: {}, apiKey: '', outbound: operatorChosen };
  try {
    for await (const event of provider.stream(request, new AbortController().signal)) events.push(event);
    return { text: textOf(events), error: undefined };
  } catch (error) {
    return { text: textOf(events), error: error as ProviderError };
  }
}
const textOf = (events: ChatEvent[]) => events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
const keyOf = (upstream: FakeUpstream, index: number) => upstream.requests[index]!.headers.authorization;

describe.each(testDatabaseKinds)('channels fail over between two real upstreams on %s', (kind) => {
  let database: Database;
  let first: FakeUpstream;
  let second: FakeUpstream;
  let channels: Channels;
  let clock: ReturnType<typeof manualClock>;
  let schedule: ReturnType<typeof manualSchedule>;
  const logs = bufferLogger();
  const logged = (msg: string) => logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === msg);

  /** `a` first (priority 1), `b` behind it. */
  const start = async (over: { a?: Partial<Channel>; b?: Partial<Channel>; env?: Record<string, string> } = {}) => {
    await channels?.close();
    clock = manualClock();
    schedule = manualSchedule();
    channels = await startTestChannels({
      db: database.db,
      log: logs.log,
      clock,
      schedule,
      env: over.env,
      channels: [openAIChannel('a', `${first.url}/v1`, { priority: 1, ...over.a }), openAIChannel('b', `${second.url}/v1`, over.b)],
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    [first, second] = [await startOpenAIFake(), await startOpenAIFake()];
  });
  afterEach(async () => {
    await channels.close();
    await database.db.execute('DELETE FROM channel_states');
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), database.close()]);
  });

  for (const [what, reply] of [
    ['429', { status: 429 }],
    ['500', { status: 500 }],
    ['503', { status: 503 }],
  ] as const) {
    it(`retries a ${what} before the first byte on the next channel, unseen by the user`, async () => {
      await start();
      const [a, b] = [first.requests.length, second.requests.length];
      first.enqueue({ ...reply, mentioning: `fail-${what}` });
      second.enqueue({ chunks: ['from ', 'b'], mentioning: `fail-${what}` });
      expect(await chat(channels, `fail-${what}`)).toEqual({ text: 'from b', error: undefined });
      expect([first.requests.length - a, second.requests.length - b]).toEqual([1, 1]);
      expect(channels.list().map((c) => c.state)).toEqual(['enabled', 'enabled']);
    });
  }

  it('retries a channel that does not start answering within CHANNEL_FIRST_BYTE_TIMEOUT_MS, and stops its call', async () => {
    await start({ env: { CHANNEL_FIRST_BYTE_TIMEOUT_MS: '300' } });
    const a = first.requests.length;
    first.enqueue({ chunks: ['too late'], delayMs: 20_000, mentioning: 'slow' });
    second.enqueue({ chunks: ['in time'], mentioning: 'slow' });
    expect(await chat(channels, 'slow')).toEqual({ text: 'in time', error: undefined });
    await first.waitForDisconnect(a);
  });

  it('retries a channel whose connection is refused', async () => {
    const closed = await freePort();
    await start({ a: { baseURL: `http://127.0.0.1:${closed}/v1` } });
    second.enqueue({ chunks: ['answered'], mentioning: 'refused' });
    expect(await chat(channels, 'refused')).toEqual({ text: 'answered', error: undefined });
    expect(logged('channel failed before its first byte; the next one is tried')).toContainEqual(expect.objectContaining({ channel: 'a', failure: expect.stringContaining('ECONNREFUSED') }));
  });

  it('shows a failure after the first byte and keeps the text, without trying another channel', async () => {
    await start();
    const b = second.requests.length;
    first.enqueue({ chunks: ['half ', 'a '], cut: true, mentioning: 'cut' });
    const { text, error } = await chat(channels, 'cut');
    expect(text).toBe('half a ');
    expect(error).toBeInstanceOf(ProviderError);
    expect(second.requests.length).toBe(b);
  });

  it('tries at most CHANNEL_RETRIES further channels and then shows the last failure', async () => {
    await start({ env: { CHANNEL_RETRIES: '0' } });
    const b = second.requests.length;
    first.enqueue({ status: 500, mentioning: 'once' });
    const { error } = await chat(channels, 'once');
    expect(error?.code).toBe('upstream_error');
    expect(second.requests.length).toBe(b);
  });

  it('does not retry what another channel would refuse too (a bad request)', async () => {
    await start();
    const b = second.requests.length;
    first.enqueue({ status: 400, mentioning: 'bad' });
    expect((await chat(channels, 'bad')).error?.upstreamStatus).toBe(400);
    expect(second.requests.length).toBe(b);
  });

  it('auto-disables a channel whose key is refused (401), logs why, and enables it again once a scheduled re-test passes', async () => {
    await start();
    first.enqueue({ status: 401, mentioning: 'refused key' });
    second.enqueue({ chunks: ['b answers'], mentioning: 'refused key' });
    expect(await chat(channels, 'refused key')).toEqual({ text: 'b answers', error: undefined });
    expect(channels.list()[0]).toMatchObject({ name: 'a', state: 'auto-disabled', reason: 'key 1 of 1 refused: invalid_api_key (HTTP 401)' });
    expect(logged('channel auto-disabled')).toContainEqual(expect.objectContaining({ channel: 'a', reason: 'key 1 of 1 refused: invalid_api_key (HTTP 401)' }));
    expect(logs.lines.join('')).not.toContain('sk-a');

    // While disabled, a's higher priority no longer takes the calls.
    const a = first.requests.length;
    expect((await chat(channels, 'meanwhile')).error).toBeUndefined();
    expect(first.requests.length).toBe(a);

    // The schedule's re-test: still refused, it stays off; answered, it is back.
    first.enqueue({ status: 401 });
    schedule.runAll();
    await expect.poll(() => first.requests.length).toBe(a + 1);
    await expect.poll(() => logged('auto-disabled channel still fails its test').length).toBe(1);
    expect(channels.list()[0]!.state).toBe('auto-disabled');
    schedule.runAll();
    await expect.poll(() => channels.list()[0]!.state).toBe('enabled');
    expect(channels.list()[0]!.reason).toBeNull();
  });

  it('auto-disables a channel whose quota is spent (429 insufficient_quota)', async () => {
    await start();
    first.enqueue({ status: 429, quota: true, mentioning: 'broke' });
    expect((await chat(channels, 'broke')).error).toBeUndefined();
    expect(channels.list()[0]).toMatchObject({ state: 'auto-disabled', reason: 'key 1 of 1 refused: upstream_out_of_credit (HTTP 429)' });
  });

  it("cools a channel down for its 429's retry-after, then takes it again", async () => {
    await start();
    first.enqueue({ status: 429, retryAfter: 30, mentioning: 'slow down' });
    expect((await chat(channels, 'slow down')).error).toBeUndefined();
    expect(channels.list()[0]!.cooldownUntil?.getTime()).toBe(clock.now() + 30_000);
    const a = first.requests.length;
    await chat(channels, 'cooling');
    expect(first.requests.length).toBe(a);
    clock.advance(30_001);
    expect(channels.list()[0]!.cooldownUntil).toBeNull();
    await chat(channels, 'cooled');
    expect(first.requests.length).toBe(a + 1);
  });

  it('spreads the calls of one channel over its keys, round-robin', async () => {
    await start({ a: { keys: ['sk-one', 'sk-two', 'sk-three'] } });
    const a = first.requests.length;
    for (let i = 0; i < 6; i++) expect((await chat(channels, `key ${i}`)).error).toBeUndefined();
    expect([0, 1, 2, 3, 4, 5].map((i) => keyOf(first, a + i))).toEqual(['Bearer sk-one', 'Bearer sk-two', 'Bearer sk-three', 'Bearer sk-one', 'Bearer sk-two', 'Bearer sk-three']);
  });

  it('keeps the states in the database: a new instance starts with them', async () => {
    await start();
    await channels.setState('b', 'disabled');
    await start();
    expect(channels.list().map((c) => c.state)).toEqual(['enabled', 'disabled']);
    await channels.setState('b', 'enabled');
  });
});
