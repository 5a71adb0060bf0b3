import { parseChatErrorText, ROOT_PARENT_ID, siblingsOf, type ApiErrorBody, type CreatedEvent, type Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltasOf, finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Turn = { role: string; content: unknown };
const lastTurns = (s: ChatStack) => (s.upstream.requests.at(-1)!.body as { messages: Turn[] }).messages;

describe.each(testDatabaseKinds)('regenerate, continue and edit on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  /** A first exchange: user message `u1` and its reply. */
  let conversationId: string;
  let u1: Message;
  let a1: Message;

  beforeAll(async () => {
    s = await startChatStack(kind);
    alice = await s.t.signUp();
    s.upstream.enqueue({ chunks: ['Once upon'], finishReason: 'length' }, { chunks: ['A story'] });
    const { frames } = await s.ask(alice, { text: 'Tell me a story', messageId: `u1-${kind}` });
    conversationId = (frames[0]!.data as CreatedEvent).conversationId;
    ({ requestMessage: u1, responseMessage: a1 } = finalOf(frames));
  });
  afterAll(() => s.close());

  const messages = () => json<Message[]>(s.get(alice, `/api/messages/${conversationId}`));

  it('saves a reply cut by the token limit with its finish reason', () => {
    expect(a1).toMatchObject({ text: 'Once upon', finish_reason: 'length' });
  });

  it('continues a reply in place, streaming only the new text', async () => {
    s.upstream.enqueue({ chunks: [' a time', ' there was a cat.'] });
    const { frames } = await s.ask(alice, { text: '', conversationId, parentMessageId: u1.messageId, isContinued: true, responseMessageId: a1.messageId });
    expect(deltasOf(frames).map((d) => d.delta)).toEqual([' a time', ' there was a cat.']);
    expect(lastTurns(s).slice(-2)).toEqual([
      { role: 'user', content: 'Tell me a story' },
      { role: 'assistant', content: 'Once upon' },
    ]);
    const final = finalOf(frames);
    expect(final.responseMessage).toMatchObject({ messageId: a1.messageId, text: 'Once upon a time there was a cat.', finish_reason: 'stop' });
    expect(final.requestMessage.messageId).toBe(u1.messageId);
    const stored = await messages();
    expect(stored.filter((m) => !m.isCreatedByUser)).toHaveLength(1);
  });

  it('regenerates a reply as a sibling of the old one, resending the parent user message', async () => {
    s.upstream.enqueue({ chunks: ['A different story.'] });
    const { frames } = await s.ask(alice, {
      text: u1.text,
      conversationId,
      parentMessageId: ROOT_PARENT_ID,
      overrideParentMessageId: u1.messageId,
      messageId: u1.messageId,
      isRegenerate: true,
    });
    const final = finalOf(frames);
    expect((frames[0]!.data as CreatedEvent).message.messageId).toBe(u1.messageId);
    expect(final.responseMessage).toMatchObject({ text: 'A different story.', parentMessageId: u1.messageId });
    expect(lastTurns(s)).toEqual([{ role: 'user', content: 'Tell me a story' }]);
    const stored = await messages();
    expect(stored.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    expect(siblingsOf(stored, final.responseMessage.messageId).map((m) => m.messageId)).toEqual([a1.messageId, final.responseMessage.messageId]);
  });

  it('edits a user message into a new sibling branch that leaves the old branch out of the upstream call', async () => {
    s.upstream.enqueue({ chunks: ['A poem.'] });
    const { frames } = await s.ask(alice, { text: 'Tell me a poem', conversationId, parentMessageId: ROOT_PARENT_ID, messageId: `u1b-${kind}` }, '/api/edit/openAI');
    const final = finalOf(frames);
    expect(final.requestMessage).toMatchObject({ messageId: `u1b-${kind}`, parentMessageId: ROOT_PARENT_ID, isEdited: true });
    expect(lastTurns(s)).toEqual([{ role: 'user', content: 'Tell me a poem' }]);
    const stored = await messages();
    expect(siblingsOf(stored, `u1b-${kind}`).map((m) => m.messageId)).toEqual([u1.messageId, `u1b-${kind}`]);
    expect(final.responseMessage.parentMessageId).toBe(`u1b-${kind}`);
  });

  it('regenerates an edited reply from the edited text and marks it edited', async () => {
    s.upstream.enqueue({ chunks: [' and they lived happily.'] });
    const body = { text: '', conversationId, isContinued: true, responseMessageId: a1.messageId, generation: 'Once upon a dragon' };
    const { frames } = await s.ask(alice, body, '/api/edit/openAI');
    expect(lastTurns(s).at(-1)).toEqual({ role: 'assistant', content: 'Once upon a dragon' });
    expect(finalOf(frames).responseMessage).toMatchObject({ messageId: a1.messageId, text: 'Once upon a dragon and they lived happily.', isEdited: true });
  });

  it('keeps a continued reply whose upstream call fails, and stores the error as its newest sibling', async () => {
    const before = (await messages()).find((m) => m.messageId === a1.messageId)!;
    s.upstream.enqueue({ status: 401 });
    const { frames } = await s.ask(alice, { text: '', conversationId, isContinued: true, responseMessageId: a1.messageId });
    expect(frames.at(-1)!.event).toBe('error');
    const error = frames.at(-1)!.data as Message;
    expect(error).toMatchObject({ error: true, parentMessageId: u1.messageId });
    expect(parseChatErrorText(error.text)?.kind).toBe('service_misconfigured');

    const stored = await messages();
    expect(stored.find((m) => m.messageId === a1.messageId)).toMatchObject({ text: before.text, error: false, unfinished: false });
    expect(siblingsOf(stored, a1.messageId).at(-1)).toEqual(error);
  });

  it('refuses to continue on an endpoint that cannot, and a reply that is not in the conversation', async () => {
    const google = await s.post(alice, '/api/ask/google', { text: '', endpoint: 'google', model: 'chat-bison', conversationId, isContinued: true, responseMessageId: a1.messageId });
    expect(google.status).toBe(400);
    const missing = await s.post(alice, '/api/ask/openAI', { text: '', endpoint: 'openAI', model: 'gpt-4o', conversationId, isContinued: true, responseMessageId: 'nope' });
    expect(missing.status).toBe(404);
    expect((await json<ApiErrorBody>(missing)).error).toBe('not_found');
  });

  it('refuses a parent message that is not in the conversation', async () => {
    const res = await s.post(alice, '/api/ask/openAI', { text: 'hi', endpoint: 'openAI', model: 'gpt-4o', conversationId, parentMessageId: 'elsewhere' });
    expect(res.status).toBe(404);
  });
});
