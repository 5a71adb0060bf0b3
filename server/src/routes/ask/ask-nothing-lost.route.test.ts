import { parseChatErrorText, ROOT_PARENT_ID, type ApiErrorBody, type CreatedEvent, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltasOf, finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { findMessage, listMessages, upsertMessage } from '../../services/messages/message-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

/** Failures must never cost the user text they already saw, and a client-chosen id never overwrites anything. */
describe.each(testDatabaseKinds)('nothing the user saw is lost, on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  let bob: Who;

  beforeAll(async () => {
    s = await startChatStack(kind);
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
  });
  afterAll(() => s.close());

  const streamedText = (frames: Parameters<typeof deltasOf>[0]) => deltasOf(frames).map((d) => d.delta).join('');

  it('keeps every streamed character of a reply whose upstream drops mid-stream, stored unfinished with the error attached', async () => {
    const chunks = ['Déjà ', 'vu: ', '日本語 ', 'and 🙂 emoji ', 'then the line drops'];
    s.upstream.enqueue({ chunks, cut: true });
    const { frames } = await s.ask(alice, { text: 'Tell me something', messageId: `cut-${kind}` });

    expect(streamedText(frames)).toBe(chunks.join(''));
    const final = finalOf(frames);
    expect(final.responseMessage).toMatchObject({ text: chunks.join(''), unfinished: true, error: false, parentMessageId: `cut-${kind}` });
    expect(parseChatErrorText(final.responseMessage.errorText ?? '')?.kind).toBe('upstream_error');

    const stored = await findMessage(s.t.ctx.db, alice.userId, final.responseMessage.messageId);
    expect([...stored!.text]).toEqual([...chunks.join('')]);
    expect(stored).toMatchObject({ unfinished: true, error: false, errorText: final.responseMessage.errorText });
    const listed = await json<Message[]>(s.get(alice, `/api/messages/${final.conversation.conversationId}`));
    expect(listed.find((m) => m.messageId === final.responseMessage.messageId)).toMatchObject({ text: chunks.join(''), unfinished: true });
  });

  it('still stores an error-flagged reply when the upstream fails before any text', async () => {
    s.upstream.enqueue({ status: 500 });
    const { frames } = await s.ask(alice, { text: 'Fail at once' });
    expect(frames.at(-1)).toMatchObject({ event: 'error', data: { error: true, unfinished: false } });
  });

  it('stores a reply with the NUL characters of the model’s output removed, as it streamed them', async () => {
    const chunks = ['a\u0000b', '\u0000', 'c \u0000\u0000d'];
    s.upstream.enqueue({ chunks });
    const { frames } = await s.ask(alice, { text: 'Bytes please' });
    const final = finalOf(frames);
    expect(final.responseMessage).toMatchObject({ text: 'abc d', unfinished: false, error: false });
    expect(streamedText(frames)).toBe('abc d');
    expect([...(await findMessage(s.t.ctx.db, alice.userId, final.responseMessage.messageId))!.text]).toEqual([...'abc d']);
  });

  it('regenerates under a reply left unfinished by a crash as a new sibling, leaving the partial reply as it was', async () => {
    const first = await s.ask(alice, { text: 'Write a haiku', messageId: `crash-${kind}` });
    const { conversationId } = first.frames[0]!.data as CreatedEvent;
    // What a crashed instance leaves: the placeholder, saved unfinished at its last tick.
    const partial = 'An old silent pond — 🐸 ';
    const left = { id: `crash-${kind}_`, conversationId, userId: alice.userId, parentMessageId: `crash-${kind}`, sender: 'ChatGPT', text: partial, isCreatedByUser: false, unfinished: true };
    await upsertMessage(s.t.ctx.db, left);

    s.upstream.enqueue({ chunks: ['A frog ', 'jumps in.'], delayMs: 50 });
    const { frames } = await s.ask(alice, {
      text: 'Write a haiku',
      conversationId,
      parentMessageId: ROOT_PARENT_ID,
      overrideParentMessageId: `crash-${kind}`,
      messageId: `crash-${kind}`,
      isRegenerate: true,
    });
    const final = finalOf(frames);
    expect(final.responseMessage).toMatchObject({ text: 'A frog jumps in.', parentMessageId: `crash-${kind}`, unfinished: false });
    expect(final.responseMessage.messageId).not.toBe(left.id);
    const kept = await findMessage(s.t.ctx.db, alice.userId, left.id);
    expect([...kept!.text]).toEqual([...partial]);
    expect(kept).toMatchObject({ unfinished: true, parentMessageId: `crash-${kind}` });
    const replies = (await listMessages(s.t.ctx.db, alice.userId, conversationId)).filter((m) => m.parentMessageId === `crash-${kind}`);
    expect(replies.map((m) => m.id).sort()).toEqual([finalOf(first.frames).responseMessage.messageId, left.id, final.responseMessage.messageId].sort());
  });

  describe('a client-chosen message id that already exists is refused with 409 and stores nothing', () => {
    let taken: { conversationId: string; userMessageId: string; replyId: string; replyText: string };

    beforeAll(async () => {
      const { frames } = await s.ask(bob, { text: 'Bob’s own words', messageId: `bob-${kind}` });
      const final = finalOf(frames);
      taken = { conversationId: final.conversation.conversationId, userMessageId: `bob-${kind}`, replyId: final.responseMessage.messageId, replyText: final.responseMessage.text };
    });

    const expectConflict = async (who: Who, body: Record<string, unknown>, path = '/api/ask/openAI') => {
      const before = s.upstream.requests.length;
      const response = await s.post(who, path, { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, ...body });
      expect(response.status).toBe(409);
      expect((await json<ApiErrorBody>(response)).error).toBe('message_id_taken');
      expect(s.upstream.requests.length).toBe(before);
    };
    const expectBobUntouched = async () => {
      expect(await findMessage(s.t.ctx.db, bob.userId, taken.userMessageId)).toMatchObject({ text: 'Bob’s own words', conversationId: taken.conversationId });
      expect(await findMessage(s.t.ctx.db, bob.userId, taken.replyId)).toMatchObject({ text: taken.replyText, conversationId: taken.conversationId });
    };

    it('another user’s message id, in a new conversation and in an existing one', async () => {
      const conversationsBefore = await json<{ conversations: unknown[] }>(s.get(alice, '/api/convos'));
      await expectConflict(alice, { text: 'Mine now', messageId: taken.userMessageId });
      await expectConflict(alice, { text: 'Mine now', messageId: taken.replyId });
      const { frames } = await s.ask(alice, { text: 'A home' });
      const home = finalOf(frames);
      const body = { text: 'Mine now', conversationId: home.conversation.conversationId, parentMessageId: home.responseMessage.messageId };
      await expectConflict(alice, { ...body, messageId: taken.userMessageId });
      await expectConflict(alice, { ...body, messageId: taken.replyId }, '/api/edit/openAI');
      await expectBobUntouched();
      expect(await listMessages(s.t.ctx.db, alice.userId, home.conversation.conversationId)).toHaveLength(2);
      const conversationsAfter = await json<{ conversations: unknown[] }>(s.get(alice, '/api/convos'));
      expect(conversationsAfter.conversations.length).toBe(conversationsBefore.conversations.length + 1);
    });

    it('an id whose reply placeholder (`<id>_`) is another user’s message', async () => {
      await upsertMessage(s.t.ctx.db, { id: `pl-${kind}_`, conversationId: taken.conversationId, userId: bob.userId, parentMessageId: taken.userMessageId, sender: 'ChatGPT', text: 'Bob’s placeholder', isCreatedByUser: false });
      await expectConflict(alice, { text: 'Sneaky', messageId: `pl-${kind}` });
      expect(await findMessage(s.t.ctx.db, bob.userId, `pl-${kind}_`)).toMatchObject({ text: 'Bob’s placeholder' });
    });

    it('the user’s own message id from another conversation', async () => {
      const { frames } = await s.ask(bob, { text: 'Elsewhere' });
      const other = finalOf(frames);
      await expectConflict(bob, { text: 'Overwrite?', conversationId: other.conversation.conversationId, parentMessageId: other.responseMessage.messageId, messageId: taken.userMessageId });
      await expectConflict(bob, { text: 'Overwrite?', messageId: taken.userMessageId });
      await expectBobUntouched();
      expect(await listMessages(s.t.ctx.db, bob.userId, other.conversation.conversationId)).toHaveLength(2);
    });
  });
});
