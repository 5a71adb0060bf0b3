import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badGatewayPage, captchaRequiredBody, cloudflareChallengePage, startChatGPTWebFake, unusualActivityBody, type ChatGPTWebFake } from '@parley/testkit';
import { collect, failureOf } from '../../test-support/provider-suite.ts';
import type { ChatEvent, ChatRequest } from '../types.ts';
import { chatGPTBrowserProvider } from './chatgpt-browser-provider.ts';

const token = 'eyJ.provider-test';
const texts = (events: ChatEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
const threadOf = (events: ChatEvent[]) => events.findLast((e) => e.type === 'upstream-thread');

describe('chatGPTBrowser provider against the ChatGPT web fake', () => {
  let fake: ChatGPTWebFake;
  const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
    model: 'text-davinci-002-render-sha',
    messages: [{ role: 'user', content: 'Hi' }],
    options: {},
    apiKey: token,
    baseURL: fake.url,
    ...overrides,
  });
  const run = (overrides?: Partial<ChatRequest>, signal = new AbortController().signal) => chatGPTBrowserProvider.stream(request(overrides), signal);

  beforeAll(async () => {
    fake = await startChatGPTWebFake({ tokens: [token] });
  });
  afterAll(() => fake.close());

  for (const encoding of ['v1', 'snapshot'] as const) {
    it(`hands on each piece of text once (${encoding}), then the reply's place and finish(stop)`, async () => {
      fake.encoding = encoding;
      fake.enqueue({ chunks: ['Hel', 'lo', ' the', 're'] });
      const events = await collect(run());
      expect(texts(events)).toEqual(['Hel', 'lo', ' the', 're']);
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      expect(events).toContainEqual({ type: 'model', id: 'text-davinci-002-render-sha' });
      const thread = threadOf(events);
      expect(thread).toMatchObject({ type: 'upstream-thread', conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const sent = fake.requests.at(-1)!;
      expect(sent.path).toBe('/backend-api/conversation');
      expect(sent.headers.authorization).toBe(`Bearer ${token}`);
      expect(sent.body).toMatchObject({ action: 'next', model: 'text-davinci-002-render-sha', supported_encodings: ['v1'], messages: [{ author: { role: 'user' }, content: { content_type: 'text', parts: ['Hi'] } }] });
      expect(sent.body).not.toHaveProperty('conversation_id');
    });

    it(`streams thinking as reasoning before the answer (${encoding})`, async () => {
      fake.encoding = encoding;
      fake.enqueue({ reasoning: ['Let me ', 'see.'], chunks: ['Four.'] });
      const events = await collect(run({ model: 'gpt-5-6-thinking' }));
      expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { delta: string }).delta).join('')).toBe('Thinking\nLet me see.');
      expect(texts(events)).toEqual(['Four.']);
    });
  }

  it('continues under the last reply whose place is known, sending only what ChatGPT has not seen', async () => {
    fake.enqueue({ chunks: ['First answer'] });
    const first = threadOf(await collect(run({ messages: [{ role: 'user', content: 'one' }] })))!;
    const history = [
      { role: 'user' as const, content: 'one' },
      { role: 'assistant' as const, content: 'First answer', upstreamThread: { conversationId: first.conversationId, messageId: first.messageId } },
      { role: 'user' as const, content: 'two' },
    ];
    const events = await collect(run({ messages: history }));
    expect(fake.requests.at(-1)!.body).toMatchObject({ conversation_id: first.conversationId, parent_message_id: first.messageId, messages: [{ content: { parts: ['two'] } }] });
    const second = threadOf(events)!;
    expect(second.conversationId).toBe(first.conversationId);
    expect(fake.thread(second.conversationId, second.messageId).map((m) => m.text)).toEqual(['one', 'First answer', 'two', 'Echo: two']);
  });

  it('starts a new upstream conversation with the whole window when no reply has a known place', async () => {
    const history = [
      { role: 'user' as const, content: 'asked elsewhere' },
      { role: 'assistant' as const, content: 'answered elsewhere' },
      { role: 'user' as const, content: 'now here' },
    ];
    await collect(run({ messages: history }));
    const body = fake.requests.at(-1)!.body as { messages: { author: { role: string } }[] };
    expect(body).not.toHaveProperty('conversation_id');
    expect(body.messages.map((m) => m.author.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('starts over with the whole window when ChatGPT no longer has the conversation', async () => {
    const gone = { conversationId: randomUUID(), messageId: randomUUID() };
    const history = [
      { role: 'user' as const, content: 'one' },
      { role: 'assistant' as const, content: 'an answer ChatGPT lost', upstreamThread: gone },
      { role: 'user' as const, content: 'two' },
    ];
    const events = await collect(run({ messages: history }));
    const [refused, fresh] = fake.requests.slice(-2).map((r) => r.body as { conversation_id?: string; messages: { author: { role: string } }[] });
    expect(refused!.conversation_id).toBe(gone.conversationId);
    expect(fresh).not.toHaveProperty('conversation_id');
    expect(fresh!.messages.map((m) => m.author.role)).toEqual(['user', 'assistant', 'user']);
    expect(texts(events).join('')).toBe('Echo: two');
  });

  it('maps a reply cut at the length limit to finish(length)', async () => {
    fake.enqueue({ chunks: ['cut'], finishReason: 'max_tokens' });
    expect((await collect(run())).at(-1)).toEqual({ type: 'finish', reason: 'length' });
  });

  it('stops on abort and closes the upstream connection', async () => {
    fake.enqueue({ chunks: ['one ', 'two '], delayMs: 20, hold: true });
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    for await (const event of run({}, controller.signal)) {
      events.push(event);
      if (event.type === 'text') controller.abort();
    }
    expect(events.some((e) => e.type === 'finish')).toBe(false);
    await fake.waitForDisconnect(fake.requests.length - 1);
  });

  const refusals = [
    { name: 'an expired token', reply: { status: 401 }, code: 'token_expired' },
    { name: 'the model cap', reply: { status: 429, retryAfter: 3 }, code: 'upstream_rate_limited', retryAfterMs: 3000 },
    { name: 'a Cloudflare challenge page', reply: { status: 403, errorBody: cloudflareChallengePage }, code: 'upstream_challenge', challenge: 'cloudflare' },
    { name: '"unusual activity"', reply: { status: 403, errorBody: unusualActivityBody }, code: 'upstream_challenge', challenge: 'unusual_activity' },
    { name: 'a captcha the proxy could not solve', reply: { status: 403, errorBody: captchaRequiredBody }, code: 'upstream_challenge', challenge: 'captcha' },
    { name: "the proxy's own 502 page", reply: { status: 502, errorBody: badGatewayPage }, code: 'upstream_unreachable' },
  ];
  for (const refusal of refusals) {
    it(`names ${refusal.name} (${refusal.code}) and never keeps an HTML page as the message`, async () => {
      fake.enqueue(refusal.reply);
      const error = await failureOf(run());
      expect(error.code).toBe(refusal.code);
      if (refusal.challenge) expect(error.details).toEqual({ challenge: refusal.challenge });
      if (refusal.retryAfterMs) expect(error.retryAfterMs).toBe(refusal.retryAfterMs);
      expect(error.upstreamMessage).not.toMatch(/<html|<!DOCTYPE/i);
    });
  }

  it('refuses an unknown token as token_expired (set a new token)', async () => {
    expect((await failureOf(run({ apiKey: 'eyJ.someone-else' }))).code).toBe('token_expired');
  });

  it('turns an error the back end reports mid-reply into a failure after the text it streamed', async () => {
    for (const encoding of ['v1', 'snapshot'] as const) {
      fake.encoding = encoding;
      fake.enqueue({ chunks: ['Part'], streamError: { type: 'model_cap_exceeded', message: 'You have sent too many messages to the model.' } });
      const events: ChatEvent[] = [];
      const error = await failureOf(
        (async function* () {
          for await (const event of run()) yield (events.push(event), event);
        })(),
      );
      expect(texts(events)).toEqual(['Part']);
      expect(error.code).toBe('upstream_rate_limited');
    }
  });

  it('fails a reply whose stream stopped before it finished', async () => {
    fake.enqueue({ chunks: ['Half'], cut: true });
    expect((await failureOf(run())).code).toBe('upstream_error');
  });

  it('answers a proxy that is not listening, or that never answers, with upstream_unreachable', async () => {
    const closed = await freeAddress();
    expect((await failureOf(run({ baseURL: closed }))).code).toBe('upstream_unreachable');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const error = await failureOf(run({ baseURL: `http://127.0.0.1:${port}`, settings: { chatGPTBrowserTimeoutMs: 200 } }));
      expect(error.code).toBe('upstream_unreachable');
    } finally {
      silent.close();
    }
  });

  it('reads snapshots in linear output: the bytes in grow with the square of the reply, the text out with its length', async () => {
    fake.encoding = 'snapshot';
    const sizes = [100, 400];
    const measured = [];
    for (const n of sizes) {
      fake.enqueue({ chunks: Array.from({ length: n }, (_, i) => `w${i % 10} `) });
      const events = await collect(run());
      measured.push(texts(events).join('').length);
    }
    expect(measured[1]! / measured[0]!).toBe(4);
  });
});

/** An address where nothing listens (a port just freed). */
async function freeAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
