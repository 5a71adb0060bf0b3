import { ROOT_PARENT_ID } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createConversation } from '../conversations/conversation-store.ts';
import { upsertMessage } from '../messages/message-store.ts';
import { createUserAccount } from '../users/user-admin.ts';
import { containsPattern, searchMessages } from './message-search.ts';

describe('containsPattern', () => {
  it('wraps the query in % and escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('cat')).toBe('%cat%');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\x')).toBe('%C:\\\\x%');
    expect(containsPattern('猫')).toBe('%猫%');
  });
});

describe.each(testDatabaseKinds)('searchMessages on %s', (kind) => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    userId = (await createUserAccount(database.db, { email: 'seeker@example.com', name: 'Seeker', password: 'seeker-password' })).id;
    await createConversation(database.db, { conversationId: 'c1', userId, endpoint: 'openAI', model: 'gpt-4o', options: {}, title: 'Tea' });
  });
  afterAll(() => database.close());

  const reply = (id: string, unfinished: boolean) => ({
    id,
    conversationId: 'c1',
    userId,
    parentMessageId: ROOT_PARENT_ID,
    sender: 'ChatGPT',
    text: `green tea steeping notes ${id}`,
    isCreatedByUser: false,
    unfinished,
  });

  it('finds a reply once it has ended, not while it still streams (the partial index skips unfinished rows)', async () => {
    await upsertMessage(database.db, reply('streaming', true));
    await upsertMessage(database.db, reply('done', false));
    for (const query of ['steeping', 'te']) {
      const page = await searchMessages(database.db, userId, query, 1);
      expect(page.hits.map((h) => h.message.id)).toEqual(['done']);
    }
    await upsertMessage(database.db, reply('streaming', false));
    const page = await searchMessages(database.db, userId, 'steeping', 1);
    expect(page.hits.map((h) => h.message.id).sort()).toEqual(['done', 'streaming']);
  });
});
