import { parseChatErrorText, type Message } from '@parley/core';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { finalOf, listenTestApp, readSse, startChatStack, type ChatStack, type ListeningApp } from '../../test-support/chat-stack.ts';
import { storeUserKey } from '../keys/user-key-store.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

/** The chat error of an exchange that failed before any text: its last frame's stored text, parsed. */
const errorOf = (frames: { event: string; data: unknown }[]) => {
  expect(frames.at(-1)!.event).toBe('error');
  return parseChatErrorText((frames.at(-1)!.data as Message).text)!;
};

describe('upstream failures the user can act on (server key)', () => {
  let s: ChatStack;
  let alice: Who;
  const logs = bufferLogger();
  /** Upstream calls of the asked model (the title model's calls aside). */
  const askCalls = () => s.upstream.requests.filter((r) => (r.body as { model?: string } | undefined)?.model === 'gpt-6.1-terra').length;

  beforeAll(async () => {
    s = await startChatStack('pglite', {}, { log: logs.log as never });
    alice = await s.t.signUp();
  });
  afterAll(() => s.close());

  it('waits out a 429 whose retry-after is under 5 s and retries once, so the user sees the answer', async () => {
    const before = askCalls();
    s.upstream.enqueue({ model: 'gpt-6.1-terra', status: 429, retryAfter: 1 }, { model: 'gpt-6.1-terra', chunks: ['after ', 'the wait'] });
    const started = Date.now();
    const { frames } = await s.ask(alice, { text: 'busy provider' });
    expect(finalOf(frames).responseMessage).toMatchObject({ text: 'after the wait', error: false });
    expect(askCalls() - before).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('shows a longer wait as "the provider is busy" (upstream_rate_limited), not as the message limit, without retrying', async () => {
    const before = askCalls();
    s.upstream.enqueue({ model: 'gpt-6.1-terra', status: 429, retryAfter: 30 });
    const error = errorOf((await s.ask(alice, { text: 'still busy' })).frames);
    expect(error.kind).toBe('upstream_rate_limited');
    expect(error.message).toMatch(/busy/);
    expect(askCalls() - before).toBe(1);
  });

  it("says the service's own key ran out of credit", async () => {
    s.upstream.enqueue({ model: 'gpt-6.1-terra', status: 429, quota: true });
    const error = errorOf((await s.ask(alice, { text: 'no credit' })).frames);
    expect(error).toMatchObject({ kind: 'upstream_out_of_credit', key: 'server' });
    expect(error.message).toMatch(/service's own key/);
  });

  it('calls a refused server key a misconfigured service, and tells the operator in an error log line', async () => {
    s.upstream.enqueue({ model: 'gpt-6.1-terra', status: 401 });
    const error = errorOf((await s.ask(alice, { text: 'bad server key' })).frames);
    expect(error.kind).toBe('service_misconfigured');
    expect(error.message).not.toMatch(/set your own key|Set Token/i);
    const line = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.code === 'service_misconfigured');
    expect(line).toMatchObject({ level: 50, endpoint: 'openAI', keyOwner: 'server', upstreamStatus: 401 });
    expect(line!.msg).toMatch(/server's key of openAI/);
  });
});

describe('upstream failures the user can act on (own key, short context)', () => {
  let fake: FakeUpstream;
  let t: ListeningApp;
  let bob: Who;
  const ask = async (text: string) => {
    const response = await fetch(`${t.url}/api/ask/openAI`, {
      method: 'POST',
      headers: bob.headers,
      body: JSON.stringify({ endpoint: 'openAI', model: 'gpt-4o', conversationId: null, text }),
    });
    return readSse(response);
  };

  beforeAll(async () => {
    // A service that holds 300 tokens: the fakes' real windows are a million.
    fake = await startOpenAIFake({ contextWindow: 300 });
    t = await listenTestApp('pglite', { OPENAI_API_KEY: 'user_provided', OPENAI_BASE_URL: `${fake.url}/v1` });
    await t.ctx.models.all();
    bob = await t.signUp();
    await storeUserKey(t.ctx.db, t.ctx.secrets.credsKey, { userId: bob.userId, endpoint: 'openAI', value: 'sk-bob-own', expiresAt: new Date(Date.now() + 3_600_000) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("names a prompt past the model's context, with the model's limit and what to do, instead of 'try again'", async () => {
    const error = errorOf(await ask('a long paste '.repeat(200)));
    expect(error).toMatchObject({ kind: 'context_too_long', limit: 1_050_000, model: 'gpt-6.1-terra' });
    expect(error.message).toMatch(/1,050,000 tokens.*new branch.*fewer files/);
  });

  it("says the user's own key ran out of credit", async () => {
    fake.enqueue({ status: 429, quota: true, model: 'gpt-6.1-terra' });
    const error = errorOf(await ask('no credit on mine'));
    expect(error).toMatchObject({ kind: 'upstream_out_of_credit', key: 'user' });
    expect(error.message).toMatch(/Your own API key/);
  });

  it('keeps a refused own key as invalid_api_key: the user can set another', async () => {
    fake.enqueue({ status: 401, model: 'gpt-6.1-terra' });
    expect(errorOf(await ask('my key is wrong')).kind).toBe('invalid_api_key');
  });
});
