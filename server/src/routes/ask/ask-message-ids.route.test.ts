import type { ApiErrorBody, CreatedEvent, Message } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

/** Message ids are chosen by the client but unique across every user; a taken one was a 500 (unique violation) or an overwrite. */
describe.each(testDatabaseKinds)('client message ids on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  let bob: Who;
  let conversationId: string;
  const taken = `taken-${kind}`;

  beforeAll(async () => {
    s = await startChatStack(kind);
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
    const { frames } = await s.ask(alice, { text: 'Alice asks', messageId: taken });
    conversationId = (frames[0]!.data as CreatedEvent).conversationId;
    expect(finalOf(frames).requestMessage.messageId).toBe(taken);
  });
  afterAll(() => s.close());

  const refused = async (who: Who, body: Record<string, unknown>) => {
    const { response } = await s.ask(who, { text: 'Reusing an id', messageId: taken, ...body });
    return { status: response.status, error: response.ok ? undefined : (await response.json() as ApiErrorBody).error };
  };
  const aliceMessage = async () => (await json<Message[]>(s.get(alice, `/api/messages/${conversationId}`))).find((m) => m.messageId === taken);

  it('answers 409 to another user’s new conversation reusing the id, and keeps the message', async () => {
    expect(await refused(bob, {})).toEqual({ status: 409, error: 'message_id_taken' });
    expect(await aliceMessage()).toMatchObject({ text: 'Alice asks', conversationId });
  });

  it('answers 409 to the owner reusing the id in a new or another conversation, and keeps the message', async () => {
    expect(await refused(alice, {})).toEqual({ status: 409, error: 'message_id_taken' });
    const { frames } = await s.ask(alice, { text: 'A second conversation' });
    const other = (frames[0]!.data as CreatedEvent).conversationId;
    const parent = finalOf(frames).responseMessage.messageId;
    expect(await refused(alice, { conversationId: other, parentMessageId: parent })).toEqual({ status: 409, error: 'message_id_taken' });
    expect(await aliceMessage()).toMatchObject({ text: 'Alice asks', conversationId, parentMessageId: '00000000-0000-0000-0000-000000000000' });
  });
});
