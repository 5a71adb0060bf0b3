import { parseChatErrorText, type AbortResponse, type CreatedEvent, type EndpointsConfig, type Message } from '@parley/core';
import { startChatGPTWebFake, type ChatGPTWebFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, finalOf, json, listenTestApp, readSse, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { findMessage } from '../../services/messages/message-store.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

describe.each(testDatabaseKinds)('chatGPTBrowser through the ask route, on %s', (kind) => {
  let fake: ChatGPTWebFake;
  let t: ListeningApp;
  let alice: Who;
  const post = (who: Who, path: string, body: unknown, signal?: AbortSignal) => fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers, body: JSON.stringify(body), signal });
  const ask = async (who: Who, body: Record<string, unknown>, path = '/api/ask/chatGPTBrowser') => {
    const response = await post(who, path, { endpoint: 'chatGPTBrowser', model: 'text-davinci-002-render-sha', conversationId: null, ...body });
    expect(response.status).toBe(200);
    return readSse(response);
  };
  const lastBody = () => fake.requests.at(-1)!.body as { conversation_id?: string; parent_message_id: string; messages: { content: { parts: string[] } }[] };
  const setToken = async (who: Who, value: string) => {
    const res = await fetch(`${t.url}/api/keys`, { method: 'PUT', headers: who.headers, body: JSON.stringify({ name: 'chatGPTBrowser', value, expiresAt: hours(12) }) });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    fake = await startChatGPTWebFake({ tokens: ['alice-token', 'bob-token'] });
    t = await listenTestApp(kind, { CHATGPT_BROWSER_API_KEY: 'user_provided', CHATGPT_BROWSER_BASE_URL: fake.url });
    alice = await t.signUp();
    await setToken(alice, 'alice-token');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('is offered, for users to bring their own token, with the web models', async () => {
    const endpoints = await json<EndpointsConfig>(fetch(`${t.url}/api/endpoints`, { headers: alice.headers }));
    expect(endpoints.chatGPTBrowser).toMatchObject({ userProvide: true });
    const models = await json<Record<string, string[]>>(fetch(`${t.url}/api/models`, { headers: alice.headers }));
    expect(models.chatGPTBrowser).toEqual(expect.arrayContaining(['text-davinci-002-render-sha', 'auto', 'gpt-5-6-thinking']));
  });

  it('continues the upstream conversation turn by turn, and branches a regenerate and an edit from the right reply', async () => {
    const first = finalOf(await ask(alice, { text: 'one' }));
    const conversationId = first.conversation.conversationId;
    const reply1 = await findMessage(t.ctx.db, alice.userId, first.responseMessage.messageId);
    expect(reply1).toMatchObject({ upstreamConversationId: expect.any(String), upstreamMessageId: expect.any(String) });

    const second = finalOf(await ask(alice, { text: 'two', conversationId, parentMessageId: first.responseMessage.messageId }));
    expect(lastBody()).toMatchObject({ conversation_id: reply1!.upstreamConversationId, parent_message_id: reply1!.upstreamMessageId, messages: [{ content: { parts: ['two'] } }] });
    const reply2 = (await findMessage(t.ctx.db, alice.userId, second.responseMessage.messageId))!;
    expect(fake.thread(reply2.upstreamConversationId!, reply2.upstreamMessageId!).map((m) => m.text)).toEqual(['one', 'Echo: one', 'two', 'Echo: two']);

    // Regenerate the second answer: its question goes again under the first answer.
    await ask(alice, { text: 'two', conversationId, parentMessageId: second.requestMessage.messageId, isRegenerate: true });
    expect(lastBody()).toMatchObject({ conversation_id: reply1!.upstreamConversationId, parent_message_id: reply1!.upstreamMessageId });
    // Edit the second question ("save and submit"): a new sibling under the first answer.
    await ask(alice, { text: 'two, edited', conversationId, parentMessageId: first.responseMessage.messageId }, '/api/edit/chatGPTBrowser');
    expect(lastBody()).toMatchObject({ parent_message_id: reply1!.upstreamMessageId, messages: [{ content: { parts: ['two, edited'] } }] });
  });

  it('answers on the older ask path /api/ask/chatGPT, the same endpoint', async () => {
    const frames = await ask(alice, { text: 'by the old name' }, '/api/ask/chatGPT');
    expect(finalOf(frames).responseMessage).toMatchObject({ text: 'Echo: by the old name', endpoint: 'chatGPTBrowser' });
  });

  it('refuses to continue a reply (the web back end continues only its own length-cut replies)', async () => {
    const first = finalOf(await ask(alice, { text: 'short' }));
    const res = await post(alice, '/api/ask/chatGPTBrowser', {
      endpoint: 'chatGPTBrowser', model: 'auto', text: '', isContinued: true, conversationId: first.conversation.conversationId,
      parentMessageId: first.requestMessage.messageId, responseMessageId: first.responseMessage.messageId,
    });
    expect(res.status).toBe(400);
  });

  it('stops the upstream reply on abort and keeps what streamed, with its place upstream', async () => {
    fake.enqueue({ chunks: ['Half ', 'a '], hold: true });
    const stream = collectSse(await post(alice, '/api/ask/chatGPTBrowser', { endpoint: 'chatGPTBrowser', model: 'auto', conversationId: null, text: 'Stop me' }));
    await stream.until((frames) => deltasOf(frames).length === 2);
    const { conversationId } = stream.frames[0]!.data as CreatedEvent;
    const upstreamIndex = fake.requests.length - 1;
    const answer = await json<AbortResponse>(post(alice, '/api/ask/chatGPTBrowser/abort', { abortKey: conversationId }));
    expect(answer.responseMessage).toMatchObject({ text: 'Half a ', cancelled: true });
    await stream.done;
    await fake.waitForDisconnect(upstreamIndex);
    expect(await findMessage(t.ctx.db, alice.userId, answer.responseMessage.messageId)).toMatchObject({ upstreamMessageId: expect.any(String) });
  });

  it('tells the user to set a new token when theirs expired, and keeps the question', async () => {
    const bob = await t.signUp();
    await setToken(bob, 'bob-token');
    fake.expire('bob-token');
    const frames = await ask(bob, { text: 'still there?' });
    const error = frames.find((frame) => frame.event === 'error')!.data as { text: string; error: boolean };
    expect(parseChatErrorText(error.text)).toMatchObject({ kind: 'token_expired' });
    const conversationId = (frames[0]!.data as CreatedEvent).conversationId;
    const stored = await json<Message[]>(fetch(`${t.url}/api/messages/${conversationId}`, { headers: bob.headers }));
    expect(stored.map((m) => [m.isCreatedByUser, m.error])).toEqual([[true, false], [false, true]]);
  });

  it('names a Cloudflare challenge, never showing its page, and keeps what streamed before a failure mid-reply', async () => {
    fake.enqueue({ status: 403, errorBody: (await import('@parley/testkit')).cloudflareChallengePage });
    const refused = await ask(alice, { text: 'blocked' });
    const text = (refused.find((frame) => frame.event === 'error')!.data as { text: string }).text;
    expect(parseChatErrorText(text)).toMatchObject({ kind: 'upstream_challenge', challenge: 'cloudflare' });
    expect(text).not.toContain('<');

    fake.enqueue({ chunks: ['Kept ', 'text'], streamError: { type: 'model_cap_exceeded', message: 'You have sent too many messages to the model.' } });
    const cut = finalOf(await ask(alice, { text: 'cut short' })).responseMessage;
    expect(cut).toMatchObject({ text: 'Kept text', unfinished: true });
    expect(parseChatErrorText(cut.errorText!)).toMatchObject({ kind: 'upstream_rate_limited' });
  });

  it('sends the browser each character once: snapshots in, deltas out, bytes linear in the reply', async () => {
    fake.encoding = 'snapshot';
    const bytesFor = async (n: number) => {
      fake.enqueue({ chunks: Array.from({ length: n }, (_, i) => `word${i % 10} `) });
      const response = await post(alice, '/api/ask/chatGPTBrowser', { endpoint: 'chatGPTBrowser', model: 'auto', conversationId: null, text: `count ${n}` });
      return (await response.arrayBuffer()).byteLength;
    };
    try {
      const small = await bytesFor(100);
      const large = await bytesFor(400);
      // Snapshots of 400 chunks are ~16 times the bytes of 100; relayed as deltas the stream is ~4 times.
      expect(large / small).toBeGreaterThan(3);
      expect(large / small).toBeLessThan(4.5);
    } finally {
      fake.encoding = 'v1';
    }
  });
});
