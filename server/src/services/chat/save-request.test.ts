import { DEFAULT_TITLE, ROOT_PARENT_ID } from '@parley/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { findConversation } from '../conversations/conversation-store.ts';
import { findMessage } from '../messages/message-store.ts';
import { createUserAccount } from '../users/user-admin.ts';
import type { Exchange } from './prepare-exchange.ts';
import { saveRequest } from './save-request.ts';
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
});
