import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PARENT_ID } from '@parley/core';
import type { Database } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createUserAccount } from '../users/user-admin.ts';
import { findMessage, insertMessage, listMessages, replaceMessage, upsertMessage, type MessageInput } from './message-store.ts';

describe.each(testDatabaseKinds)('message writes on %s', (kind) => {
  let database: Database;
  let userId: string;
  let otherUserId: string;
  const conversationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    userId = (await createUserAccount(database.db, { email: 'owner@example.com', name: 'Owner', password: 'owner-password' })).id;
    otherUserId = (await createUserAccount(database.db, { email: 'other@example.com', name: 'Other', password: 'other-password' })).id;
    await database.db.insert(conversations).values({ id: conversationId, userId, title: 'T', endpoint: 'openAI', model: 'gpt-4o', options: {}, tools: [] });
  });
  afterAll(() => database.close());

  const reply = (changes: Partial<MessageInput> = {}): MessageInput => ({
    id: `${randomUUID()}_`,
    conversationId,
    userId,
    parentMessageId: ROOT_PARENT_ID,
    sender: 'GPT-4o',
    isCreatedByUser: false,
    ...changes,
  });

  it('inserts a message with the defaults of a new one and its plugins as JSON', async () => {
    const plugins = [{ latest: 'calculator', loading: false, inputs: [{ a: 1 }], outputs: '2' }];
    const files = [{ file_id: 'f1', filepath: '/images/f1.png', type: 'image/png', width: 10, height: 20 }];
    const row = await insertMessage(database.db, reply({ text: 'Hi', plugins, files }));
    expect(row).toMatchObject({ text: 'Hi', error: false, unfinished: false, cancelled: false, isEdited: false, reasoning: null, tokenCount: null, plugins });
    // The insert answers only what the database set; the rest of the answer must be what it stored.
    expect(await findMessage(database.db, userId, row.id)).toEqual(row);
  });

  it('rewrites the placeholder whole under its new id, keeping when it was created', async () => {
    const placeholder = await upsertMessage(database.db, reply({ text: 'par', unfinished: true }));
    const id = randomUUID();
    const stored = await replaceMessage(database.db, placeholder.id, reply({ id, text: 'partial reply', finishReason: 'stop', tokenCount: 3 }));
    expect(stored).toMatchObject({ id, text: 'partial reply', unfinished: false, finishReason: 'stop', tokenCount: 3, createdAt: placeholder.createdAt });
    expect(await findMessage(database.db, userId, id)).toEqual(stored);
    expect(await findMessage(database.db, userId, placeholder.id)).toBeUndefined();
  });

  it('answers undefined for a placeholder that is missing or belongs to another user', async () => {
    expect(await replaceMessage(database.db, 'missing_', reply({ id: randomUUID() }))).toBeUndefined();
    const placeholder = await upsertMessage(database.db, reply());
    expect(await replaceMessage(database.db, placeholder.id, reply({ id: randomUUID(), userId: otherUserId }))).toBeUndefined();
    expect(await findMessage(database.db, userId, placeholder.id)).toBeDefined();
  });

  it('lists a question before the reply stored in the same millisecond (PGlite counts whole milliseconds)', async () => {
    const own = randomUUID();
    await database.db.insert(conversations).values({ id: own, userId, title: 'T', endpoint: 'openAI', model: 'gpt-4o', options: {}, tools: [] });
    // Ids chosen so that the id alone would put the reply first.
    const question = await insertMessage(database.db, reply({ id: `z-question-${kind}`, conversationId: own, sender: 'User', isCreatedByUser: true, text: 'Why?' }));
    const answer = await insertMessage(database.db, reply({ id: `a-reply-${kind}`, conversationId: own, parentMessageId: question.id, text: 'Because.' }));
    await database.db.update(messages).set({ createdAt: question.createdAt }).where(eq(messages.conversationId, own));
    expect((await listMessages(database.db, userId, own)).map((m) => m.id)).toEqual([question.id, answer.id]);
  });
});
