import { parseChatErrorText, siblingsOf, type AbortResponse, type ApiErrorBody, type CreatedEvent, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectSse, deltasOf, finalOf, json, readSse, startChatStack, titleOf, type ChatStack } from '../../test-support/chat-stack.ts';
import { findMessage } from '../../services/messages/message-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
const open = (s: ChatStack, who: Who, body: Record<string, unknown>, signal?: AbortSignal) =>
  s.post(who, '/api/ask/openAI', { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, ...body }, signal);

describe.each(testDatabaseKinds)('abort, resume and limits on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  let bob: Who;

  beforeAll(async () => {
    s = await startChatStack(kind);
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
  });
  afterAll(() => s.close());

  it('aborts mid-stream: the upstream call stops, the partial reply is saved cancelled and the stream ends with a final', async () => {
    s.upstream.enqueue({ chunks: ['Hello ', 'wor'], hold: true });
    const stream = collectSse(await open(s, alice, { text: 'Say hello', messageId: `ab-${kind}` }));
    await stream.until((frames) => deltasOf(frames).length === 2);
    const { conversationId } = stream.frames[0]!.data as CreatedEvent;
    const upstreamIndex = s.upstream.requests.length - 1;

    expect((await s.post(bob, '/api/ask/openAI/abort', { abortKey: conversationId })).status).toBe(404);
    const res = await s.post(alice, '/api/ask/openAI/abort', { abortKey: conversationId, model: 'gpt-4o' });
    expect(res.status).toBe(200);
    const answer = await json<AbortResponse>(res);
    expect(answer.requestMessage).toMatchObject({ messageId: `ab-${kind}`, text: 'Say hello' });
    expect(answer.responseMessage).toMatchObject({ text: 'Hello wor', cancelled: true, unfinished: false, parentMessageId: `ab-${kind}` });
    expect(answer.conversation).toMatchObject({ conversationId });

    await stream.done;
    expect(finalOf(stream.frames).responseMessage).toEqual(answer.responseMessage);
    // A stopped first reply is named after the question's first words, in the stream's last frame.
    expect(stream.frames.at(-1)!.data).toEqual({ conversationId, title: 'Say hello' });
    await s.upstream.waitForDisconnect(upstreamIndex);
    expect(await findMessage(s.t.ctx.db, alice.userId, answer.responseMessage.messageId)).toMatchObject({ cancelled: true, text: 'Hello wor' });
  });

  it('answers 404 when there is nothing to abort', async () => {
    const res = await s.post(alice, '/api/ask/openAI/abort', { abortKey: 'no-such-stream' });
    expect(res.status).toBe(404);
    expect((await s.post(alice, '/api/ask/openAI/abort', {})).status).toBe(400);
  });

  it('resumes a dropped stream after the last seen seq and delivers the rest', async () => {
    s.upstream.enqueue({ chunks: ['one ', 'two ', 'three ', 'four ', 'five'], delayMs: 120 });
    const dropped = new AbortController();
    const first = collectSse(await open(s, alice, { text: 'Count to five' }, dropped.signal));
    first.done.catch(() => undefined);
    await first.until((frames) => deltasOf(frames).length === 2);
    dropped.abort();
    const { streamId } = first.frames[0]!.data as CreatedEvent;

    expect((await s.get(bob, `/api/ask/stream/${streamId}?after=2`)).status).toBe(404);
    const resumed = await readSse(await s.get(alice, `/api/ask/stream/${streamId}?after=2`));
    expect(resumed[0]!.id).toBe('3');
    const text = deltasOf(first.frames.slice(0, 3)).concat(deltasOf(resumed)).map((d) => d.delta).join('');
    expect(text).toBe('one two three four five');
    expect(finalOf(resumed).responseMessage.text).toBe('one two three four five');

    // The resumed stream went on to the new conversation's title, and a replay has it too.
    expect(titleOf(resumed)).toMatchObject({ conversationId: finalOf(resumed).conversation.conversationId });
    const replay = await readSse(await s.get(alice, `/api/ask/stream/${streamId}`));
    expect(replay.map((f) => f.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(titleOf(replay)).toEqual(titleOf(resumed));
    // Resuming after the final frame gives only the title.
    const afterFinal = await readSse(await s.get(alice, `/api/ask/stream/${streamId}?after=6`));
    expect(afterFinal.map((f) => [f.id, f.data])).toEqual([['7', titleOf(resumed)]]);
  });

  it('saves the growing reply as unfinished at least every second during a slow stream', async () => {
    s.upstream.enqueue({ chunks: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], delayMs: 300 });
    const stream = collectSse(await open(s, alice, { text: 'Slowly', messageId: `slow-${kind}` }));
    await stream.until((frames) => deltasOf(frames).length >= 3);
    // Within a save interval (1 s) and a margin, the stored reply holds what has streamed so far.
    const partial = await vi.waitFor(
      async () => {
        const row = await findMessage(s.t.ctx.db, alice.userId, `slow-${kind}_`);
        expect(row?.text.length).toBeGreaterThanOrEqual(3);
        return row!;
      },
      { timeout: 1500, interval: 50 },
    );
    expect(partial).toMatchObject({ unfinished: true, parentMessageId: `slow-${kind}` });
    expect(partial.text.length).toBeLessThan(8);
    await stream.done;
    expect(await findMessage(s.t.ctx.db, alice.userId, `slow-${kind}_`)).toBeUndefined();
    expect(finalOf(stream.frames).responseMessage.text).toBe('abcdefgh');
  });

  /** Two held streams fill alice's limit of two; `release` aborts them and waits for both to end. */
  async function fillSlots() {
    s.upstream.enqueue({ chunks: ['x'], hold: true }, { chunks: ['y'], hold: true });
    const streams = [collectSse(await open(s, alice, { text: 'first' })), collectSse(await open(s, alice, { text: 'second' }))];
    for (const stream of streams) await stream.until((f) => deltasOf(f).length === 1);
    return async function release() {
      for (const stream of streams) {
        const { streamId } = stream.frames[0]!.data as CreatedEvent;
        expect((await s.post(alice, '/api/ask/openAI/abort', { abortKey: streamId })).status).toBe(200);
        await stream.done;
      }
    };
  }

  const storedMessages = (conversationId: string) => json<Message[]>(s.get(alice, `/api/messages/${conversationId}`));

  it('refuses a third live stream with a concurrent error event, then frees the slots', async () => {
    const release = await fillSlots();
    const refused = await readSse(await open(s, alice, { text: 'third' }));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.event).toBe('error');
    expect(parseChatErrorText((refused[0]!.data as Message).text)).toMatchObject({ kind: 'concurrent', limit: 2 });

    const bobs = await s.ask(bob, { text: 'other users are not limited by alice' });
    expect(finalOf(bobs.frames).responseMessage.error).toBe(false);

    await release();
    expect(await s.t.ctx.streams.liveCount(alice.userId)).toBe(0);
  });

  it('keeps a refused first message: its new conversation (named after its first words), the user message and the concurrent error reply are stored', async () => {
    const release = await fillSlots();
    const [frame] = await readSse(await open(s, alice, { text: 'third  try at planning the trip', messageId: `third-${kind}` }));
    await release();
    const error = frame!.data as Message;
    expect(error).toMatchObject({ error: true, unfinished: false, parentMessageId: `third-${kind}` });

    const stored = await storedMessages(error.conversationId);
    expect(stored).toEqual([expect.objectContaining({ messageId: `third-${kind}`, text: 'third  try at planning the trip', isCreatedByUser: true }), error]);
    expect(parseChatErrorText(stored[1]!.text)).toMatchObject({ kind: 'concurrent', limit: 2 });
    const conversation = await json<{ title: string }>(await s.get(alice, `/api/convos/${error.conversationId}`));
    expect(conversation.title).toBe('third try at planning the trip');
  });

  it('keeps a refused continue: the reply keeps the text it was continued from and the concurrent error is stored as its sibling', async () => {
    s.upstream.enqueue({ chunks: ['Once upon'], finishReason: 'length' });
    const story = finalOf((await s.ask(alice, { text: 'Tell me a story' })).frames);
    const { conversationId } = story.conversation;
    const reply = story.responseMessage;
    const release = await fillSlots();
    const continued = { conversationId, parentMessageId: reply.parentMessageId, isContinued: true, responseMessageId: reply.messageId, generation: 'Once upon a dragon' };
    const [frame] = await readSse(await open(s, alice, { text: '', ...continued }));
    await release();
    const error = frame!.data as Message;
    expect(parseChatErrorText(error.text)).toMatchObject({ kind: 'concurrent', limit: 2 });

    const stored = await storedMessages(conversationId);
    expect(siblingsOf(stored, reply.messageId)).toEqual([{ ...reply, text: 'Once upon a dragon', updatedAt: expect.any(String) }, error]);
  });

  it('keeps a refused edit of a reply: the edited text is stored, marked edited, beside the concurrent error', async () => {
    s.upstream.enqueue({ chunks: ['Roses are red'], finishReason: 'length' });
    const poem = finalOf((await s.ask(alice, { text: 'A poem' })).frames);
    const reply = poem.responseMessage;
    const release = await fillSlots();
    const edit = { conversationId: poem.conversation.conversationId, parentMessageId: reply.parentMessageId, isContinued: true, responseMessageId: reply.messageId, generation: 'Roses are blue' };
    const res = await s.post(alice, '/api/edit/openAI', { endpoint: 'openAI', model: 'gpt-4o', text: '', ...edit });
    const [frame] = await readSse(res);
    await release();
    expect(parseChatErrorText((frame!.data as Message).text)).toMatchObject({ kind: 'concurrent' });

    const stored = await storedMessages(poem.conversation.conversationId);
    expect(siblingsOf(stored, reply.messageId)[0]).toMatchObject({ messageId: reply.messageId, text: 'Roses are blue', isEdited: true, error: false });
  });

  it('answers 404 for resuming an unknown stream', async () => {
    const res = await s.get(alice, '/api/ask/stream/unknown');
    expect(res.status).toBe(404);
    expect((await json<ApiErrorBody>(res)).error).toBe('not_found');
  });
});
