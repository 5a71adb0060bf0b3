import { parseChatErrorText, ROOT_PARENT_ID, type ApiErrorBody, type ConversationPage, type CreatedEvent, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, finalOf, json, startChatStack, titleOf, type ChatStack } from '../../test-support/chat-stack.ts';
import { findMessage, listMessages } from '../../services/messages/message-store.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Turn = { role: string; content: unknown };
const upstreamTurns = (s: ChatStack, index: number) => (s.upstream.requests[index]!.body as { messages: Turn[] }).messages;
const sentModel = (s: ChatStack, index: number) => (s.upstream.requests[index]!.body as { model: string }).model;

/** The title stored for the conversation: written before the title frame was sent. */
async function storedTitle(s: ChatStack, who: Who, conversationId: string): Promise<string> {
  return (await json<{ title: string }>(s.get(who, `/api/convos/${conversationId}`))).title;
}

describe.each(testDatabaseKinds)('POST /api/ask/:endpoint on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  let bob: Who;
  const logs = bufferLogger();
  /** Whether the server logged `msg` about the conversation. */
  const logged = (msg: string, conversationId: string) =>
    logs.lines.some((line) => {
      const entry = JSON.parse(line) as { msg?: string; conversationId?: string };
      return entry.msg === msg && entry.conversationId === conversationId;
    });

  beforeAll(async () => {
    s = await startChatStack(kind, { ANTHROPIC_API_KEY: 'user_provided' }, { log: logs.log as never });
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
  });
  afterAll(() => s.close());

  it('streams created, numbered deltas and a final event at once, then names the conversation with the title model in a last title frame', async () => {
    s.upstream.enqueue({ chunks: ['Paris ', 'is ', 'lovely.'], usage: { promptTokens: 9, completionTokens: 3 } }, { chunks: ['"Weekend in Paris"'] });
    const before = s.upstream.requests.length;
    const { response, frames } = await s.ask(alice, { text: '  Plan a weekend in Paris ', messageId: `m-${kind}-1`, temperature: 0.7 });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const created = frames[0]!.data as CreatedEvent;
    expect(created).toMatchObject({ created: true, message: { messageId: `m-${kind}-1`, text: 'Plan a weekend in Paris', isCreatedByUser: true, parentMessageId: ROOT_PARENT_ID } });
    expect(deltasOf(frames).map((d) => [d.seq, d.delta])).toEqual([
      [1, 'Paris '],
      [2, 'is '],
      [3, 'lovely.'],
    ]);
    expect(frames.map((f) => f.id)).toEqual(['0', '1', '2', '3', '4', '5']);

    const final = finalOf(frames);
    expect(frames[4]!.data).toEqual(final);
    // The reply ended with `final`; the title the model gave comes after it, as the stream's last frame.
    expect(frames.at(-1)!.data).toEqual({ conversationId: created.conversationId, title: 'Weekend in Paris' });
    expect(titleOf(frames)?.title).toBe('Weekend in Paris');
    expect(final.conversation).toMatchObject({ conversationId: created.conversationId, title: 'New Chat', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7 });
    expect(final.requestMessage.messageId).toBe(`m-${kind}-1`);
    // The message keeps the alias picked; the reply records the upstream model that answered.
    expect(final.responseMessage).toMatchObject({ text: 'Paris is lovely.', parentMessageId: `m-${kind}-1`, unfinished: false, finish_reason: 'stop', tokenCount: 3, sender: 'ChatGPT', model: 'gpt-4o', upstreamModel: 'gpt-6.1-terra' });
    expect(final.responseMessage.messageId).not.toBe(`m-${kind}-1_`);

    const stored = await listMessages(s.t.ctx.db, alice.userId, created.conversationId);
    expect(stored.map((m) => [m.id, m.text, m.unfinished])).toEqual([
      [`m-${kind}-1`, 'Plan a weekend in Paris', false],
      [final.responseMessage.messageId, 'Paris is lovely.', false],
    ]);
    expect(await storedTitle(s, alice, created.conversationId)).toBe('Weekend in Paris');
    expect(s.upstream.requests.length - before).toBe(2);
    expect(upstreamTurns(s, before).at(-1)).toEqual({ role: 'user', content: 'Plan a weekend in Paris' });
    expect([sentModel(s, before), sentModel(s, before + 1)]).toEqual(['gpt-6.1-terra', 'gpt-6-luna']);
    const list = await json<ConversationPage>(s.get(alice, '/api/convos'));
    expect(list.conversations[0]?.title).toBe('Weekend in Paris');
  });

  it('sends the whole branch upstream on a follow-up, does not rename the conversation again and ends its stream with final', async () => {
    const first = await s.ask(alice, { text: 'Name a color' });
    const { conversationId } = first.frames[0]!.data as CreatedEvent;
    const reply = finalOf(first.frames).responseMessage;
    s.upstream.enqueue({ chunks: ['Blue again.'] });
    const before = s.upstream.requests.length;
    const second = await s.ask(alice, { text: 'Another one', conversationId, parentMessageId: reply.messageId });
    expect(titleOf(second.frames)).toBeUndefined();
    expect(second.frames.at(-1)!.data).toMatchObject({ final: true });
    expect(s.upstream.requests.length - before).toBe(1);
    expect(upstreamTurns(s, before)).toEqual([
      { role: 'user', content: 'Name a color' },
      { role: 'assistant', content: reply.text },
      { role: 'user', content: 'Another one' },
    ]);
  });

  it('falls back to the first words of the question when the title call fails', async () => {
    s.upstream.enqueue({ chunks: ['Sure.'] }, { status: 500 });
    const { frames } = await s.ask(alice, { text: 'Explain quantum tunnelling to a curious ten year old please' });
    expect(titleOf(frames)?.title).toBe('Explain quantum tunnelling to a curious');
    expect(await storedTitle(s, alice, finalOf(frames).conversation.conversationId)).toBe('Explain quantum tunnelling to a curious');
  });

  it('keeps a name the user gave while the title call was under way', async () => {
    s.upstream.enqueue({ chunks: ['Noted.'] }, { chunks: ['"Generated name"'], delayMs: 400 });
    const before = s.upstream.requests.length;
    // The user names it once the reply ended, while the title call runs and the stream stays open.
    const stream = collectSse(await s.post(alice, '/api/ask/openAI', { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, text: 'Remember the milk' }));
    await stream.until((frames) => frames.some((f) => (f.data as { final?: boolean }).final));
    const { conversationId } = finalOf(stream.frames).conversation;
    const renamed = await s.post(alice, '/api/convos/update', { arg: { conversationId, title: 'Shopping' } });
    expect(renamed.status).toBe(200);
    await stream.done;
    expect(s.upstream.requests.length - before).toBe(2);
    // The title answer (400 ms per frame) came after the user's name, and was dropped: the title frame carries the user's.
    expect(logged('conversation already named; its title is kept', conversationId)).toBe(true);
    expect(titleOf(stream.frames)).toEqual({ conversationId, title: 'Shopping' });
    expect(await storedTitle(s, alice, conversationId)).toBe('Shopping');
  });

  it('stores a model the upstream does not know as model_not_found, naming the upstream model', async () => {
    s.upstream.enqueue({ status: 404, errorBody: { error: { message: 'The model `gpt-6.1-terra` does not exist', type: 'invalid_request_error', code: 'model_not_found' } } });
    const { frames } = await s.ask(alice, { text: 'Which model are you?' });
    const error = frames.at(-1)!;
    expect(error.event).toBe('error');
    expect(parseChatErrorText((error.data as Message).text)).toMatchObject({ kind: 'model_not_found', model: 'gpt-6.1-terra' });
  });

  it('refuses an unknown endpoint with 400 "Unknown endpoint"', async () => {
    const res = await s.post(alice, '/api/ask/notAnEndpoint', { text: 'hi', endpoint: 'x', model: 'm' });
    expect(res.status).toBe(400);
    expect(await json<ApiErrorBody>(res)).toMatchObject({ error: 'unknown_endpoint', message: 'Unknown endpoint' });
  });

  it('refuses an endpoint that has no server key configured, and a user_provided one with no_user_key', async () => {
    const disabled = await s.post(alice, '/api/ask/google', { text: 'hi', endpoint: 'google', model: 'chat-bison' });
    expect((await json<ApiErrorBody>(disabled)).error).toBe('unknown_endpoint');
    const userKey = await s.post(alice, '/api/ask/anthropic', { text: 'hi', endpoint: 'anthropic', model: 'claude-2' });
    expect(userKey.status).toBe(400);
    expect((await json<ApiErrorBody>(userKey)).error).toBe('no_user_key');
  });

  it('validates the body: blank text, missing model, out-of-range options', async () => {
    for (const body of [{ text: '   ', model: 'gpt-4o' }, { text: 'hi' }, { text: 'hi', model: 'gpt-4o', temperature: 9 }]) {
      const res = await s.post(alice, '/api/ask/openAI', { endpoint: 'openAI', ...body });
      expect(res.status).toBe(400);
      expect((await json<ApiErrorBody>(res)).error).toBe('validation');
    }
  });

  it('answers 404 for another user’s conversation and stores nothing in it', async () => {
    const mine = await s.ask(alice, { text: 'private' });
    const { conversationId } = mine.frames[0]!.data as CreatedEvent;
    const res = await s.post(bob, '/api/ask/openAI', { text: 'sneak', endpoint: 'openAI', model: 'gpt-4o', conversationId });
    expect(res.status).toBe(404);
    expect((await listMessages(s.t.ctx.db, alice.userId, conversationId)).map((m) => m.text)).not.toContain('sneak');
  });

  it('requires a signed-in user', async () => {
    const res = await fetch(`${s.t.url}/api/ask/openAI`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  it('turns an upstream 401 into an invalid_api_key error event, keeps both messages and names the conversation', async () => {
    s.upstream.enqueue({ status: 401 });
    const { frames } = await s.ask(alice, { text: 'will fail', messageId: `m-${kind}-401` });
    const created = frames[0]!.data as CreatedEvent;
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    const error = last.data as Message;
    expect(error).toMatchObject({ error: true, parentMessageId: `m-${kind}-401`, conversationId: created.conversationId });
    expect(parseChatErrorText(error.text)?.kind).toBe('invalid_api_key');
    expect(await findMessage(s.t.ctx.db, alice.userId, `m-${kind}-401`)).toMatchObject({ text: 'will fail' });
    expect(await findMessage(s.t.ctx.db, alice.userId, error.messageId)).toMatchObject({ error: true, text: error.text, unfinished: false });
    // The sidebar lists it under its first words, never as a bare "New Chat".
    expect(await json<{ title: string }>(s.get(alice, `/api/convos/${created.conversationId}`))).toMatchObject({ title: 'will fail' });
  });

  it('turns an exhausted upstream quota into insufficient_quota', async () => {
    s.upstream.enqueue({ status: 429, quota: true });
    const { frames } = await s.ask(alice, { text: 'no money' });
    expect(frames.at(-1)!.event).toBe('error');
    expect(parseChatErrorText((frames.at(-1)!.data as Message).text)?.kind).toBe('insufficient_quota');
  });
});
