import { randomUUID } from 'node:crypto';
import { ROOT_PARENT_ID } from '@parley/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { createUserAccount } from '../users/user-admin.ts';
import { insertMessage, listMessages, type MessageInput } from './message-store.ts';
import { presentMessage } from './present-message.ts';
import { presentedMessagesJson } from './presented-messages-json.ts';

describe.each(testDatabaseKinds)('the message list written by the database on %s', (kind) => {
  let database: Database;
  let userId: string;
  const conversationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    userId = (await createUserAccount(database.db, { email: 'owner@example.com', name: 'Owner', password: 'owner-password' })).id;
    await database.db.insert(conversations).values({ id: conversationId, userId, title: 'T', endpoint: 'openAI', model: 'gpt-4o', options: {}, tools: [] });
  });
  afterAll(() => database.close());

  const message = (id: string, changes: Partial<MessageInput> = {}): MessageInput => ({
    id, conversationId, userId, parentMessageId: ROOT_PARENT_ID, sender: 'GPT-4o', isCreatedByUser: false, ...changes,
  });

  it('is exactly what presentMessage makes of every row, field for field, in the same order', async () => {
    const file = { file_id: 'f1', filename: 'cat "1".png', filepath: '/files/f1', type: 'image/png', bytes: 12, width: 2, height: 3 };
    const rows: MessageInput[] = [
      message('m1', { isCreatedByUser: true, sender: 'User', text: 'Hello "quoted" \\ back\nslash\t tab — 半分の返事 🙂 \u2028', files: [file, { file_id: 'f2' }] }),
      message('m2', { parentMessageId: 'm1', text: 'Reply', reasoning: 'Thinking…', model: 'gpt-4o', upstreamModel: 'gpt-4o-2024-11-20', endpoint: 'openAI', finishReason: 'stop', tokenCount: 42, plugins: [{ latest: 'calculator', inputs: [{ a: 1 }], outputs: '2', loading: false }] }),
      message('m3', { parentMessageId: 'm2', text: 'Cut', error: true, errorText: 'The upstream failed.', unfinished: true, cancelled: true, isEdited: true, files: [] }),
      message('m0', { parentMessageId: 'm1', text: '' }),
    ];
    for (const row of rows) await insertMessage(database.db, row);
    // An earlier moment with microseconds a JavaScript date cannot hold, shared by two messages (ordered by id).
    await database.db.execute(sql`update ${messages} set created_at = '2026-11-26 10:57:00.123987+00', updated_at = '2026-11-26 10:57:01.999999+00' where ${messages.id} in ('m0', 'm2')`);

    const fromDatabase: unknown = JSON.parse(await presentedMessagesJson(database.db, userId, conversationId));
    const fromRows: unknown = JSON.parse(JSON.stringify((await listMessages(database.db, userId, conversationId)).map(presentMessage)));
    expect(fromDatabase).toStrictEqual(fromRows);
    expect((fromDatabase as { messageId: string }[]).map((m) => m.messageId)).toEqual(['m0', 'm2', 'm1', 'm3']);
    expect(fromDatabase).toContainEqual(expect.objectContaining({ messageId: 'm1', filesname: ['cat "1".png', null] }));
  });

  it('is an empty list for a conversation without messages or of another user', async () => {
    expect(await presentedMessagesJson(database.db, userId, randomUUID())).toBe('[]');
    expect(await presentedMessagesJson(database.db, randomUUID(), conversationId)).toBe('[]');
  });
});
