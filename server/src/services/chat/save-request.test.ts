import { DEFAULT_TITLE, ROOT_PARENT_ID } from '@parley/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { findConversation } from '../conversations/conversation-store.ts';
import { findMessage } from '../messages/message-store.ts';
import { createUserAccount } from '../users/user-admin.ts';
import type { Exchange, NewUserMessage } from './prepare-exchange.ts';
import { insertUserMessages, saveRequest } from './save-request.ts';
import { createUserMessageSaves } from './user-message-saves.ts';
import { strictOutboundPolicy } from '../../net/outbound-url.ts';

describe.each(testDatabaseKinds)('saveRequest on %s', (kind) => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    userId = (await createUserAccount(database.db, { email: 'writer@example.com', name: 'Writer', password: 'writer-password' })).id;
  });
  afterAll(() => database.close());

  const newExchange = (): Exchange => {
    const id = randomUUID();
    return {
      mode: 'new',
      caller: {},
      userId,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      options: { temperature: 0.4 },
      credentials: { apiKey: 'sk-test', outbound: strictOutboundPolicy },
      provider: openAIProvider,
      routed: {},
      conversationId: randomUUID(),
      userMessage: { id, parentMessageId: ROOT_PARENT_ID, text: 'First words', isEdited: false },
      replyId: `${id}_`,
      sender: 'ChatGPT',
      turns: [{ role: 'user', content: 'First words' }],
    };
  };

  it('creates a new conversation and its first user message in one write', async () => {
    const exchange = newExchange();
    const saved = await saveRequest(database.db, exchange);
    expect(saved).toMatchObject({ id: (exchange.userMessage as { id: string }).id, conversationId: exchange.conversationId, text: 'First words', isCreatedByUser: true, sender: 'User' });
    // The insert answers only what the database set; the rest of the answer must be what it stored.
    expect(await findMessage(database.db, userId, saved.id)).toEqual(saved);
    expect(await findConversation(database.db, userId, exchange.conversationId)).toMatchObject({
      title: DEFAULT_TITLE,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      options: { temperature: 0.4 },
    });
  });

  it('writes nothing when the conversation id is taken: the message is not saved either', async () => {
    const first = newExchange();
    await saveRequest(database.db, first);
    const clash = { ...newExchange(), conversationId: first.conversationId };
    await expect(saveRequest(database.db, clash)).rejects.toThrow();
    expect(await findMessage(database.db, userId, (clash.userMessage as { id: string }).id)).toBeUndefined();
  });

  it('stores the user messages of several exchanges in one statement, first messages with their conversations', async () => {
    const parent = newExchange();
    await saveRequest(database.db, parent);
    const conversation = (await findConversation(database.db, userId, parent.conversationId))!;
    const followUp: Exchange = { ...newExchange(), conversationId: parent.conversationId, conversation: conversation as Exchange['conversation'] };
    const exchanges = [newExchange(), followUp, newExchange()];
    const saved = await insertUserMessages(database.db, exchanges);
    expect(saved.map((m) => m.id)).toEqual(exchanges.map((e) => (e.userMessage as { id: string }).id));
    for (const message of saved) expect(await findMessage(database.db, userId, message.id)).toEqual(message);
    expect(saved[1]!.conversationId).toBe(parent.conversationId);
    expect(await findConversation(database.db, userId, exchanges[2]!.conversationId)).toMatchObject({ title: DEFAULT_TITLE, endpoint: 'openAI', options: { temperature: 0.4 } });
  });

  it('saves the messages of one turn together, and one by one when one of them is refused', async () => {
    const saves = createUserMessageSaves(database.db);
    const taken = newExchange();
    await saveRequest(database.db, taken);
    const clash: Exchange = { ...newExchange(), userMessage: { ...(taken.userMessage as NewUserMessage) } };
    const others = [newExchange(), newExchange()];
    const results = await Promise.allSettled([saves.save(others[0]!), saves.save(clash), saves.save(others[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'message_id_taken' });
    for (const result of [results[0], results[2]]) {
      const message = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof saveRequest>>>).value;
      expect(await findMessage(database.db, userId, message.id)).toEqual(message);
    }
    expect(await findConversation(database.db, userId, clash.conversationId)).toBeUndefined();
  });
});
