import { ROOT_PARENT_ID } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createConversation } from '../conversations/conversation-store.ts';
import { findMessage, type MessageInput } from '../messages/message-store.ts';
import { createUserAccount } from '../users/user-admin.ts';
import { GrowingText } from './growing-text.ts';
import { saveReplies, upsertReplies, type StreamingReply } from './reply-batch-store.ts';

describe.each(testDatabaseKinds)('upsertReplies on %s', (kind) => {
  let database: Database;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    alice = (await createUserAccount(database.db, { email: 'alice@example.com', name: 'Alice', password: 'alice-password' })).id;
    bob = (await createUserAccount(database.db, { email: 'bob@example.com', name: 'Bob', password: 'bob-password' })).id;
    for (const [id, userId] of [['ca', alice], ['cb', bob]] as const) {
      await createConversation(database.db, { conversationId: id, userId, endpoint: 'openAI', model: 'gpt-4o', options: {}, title: id });
    }
  });
  afterAll(() => database.close());

  const reply = (id: string, userId: string, text: string): MessageInput => ({
    id,
    conversationId: userId === alice ? 'ca' : 'cb',
    userId,
    parentMessageId: ROOT_PARENT_ID,
    sender: 'ChatGPT',
    text,
    reasoning: null,
    plugins: null,
    isCreatedByUser: false,
    model: 'gpt-4o',
    endpoint: 'openAI',
    isEdited: false,
    unfinished: true,
  });

  it('inserts new replies and overwrites the text of existing ones in one statement, keeping createdAt', async () => {
    await upsertReplies(database.db, [reply('r1_', alice, 'Hel'), reply('r2_', bob, 'Wor')]);
    const before = await findMessage(database.db, alice, 'r1_');
    const plugins = [{ latest: 'calculator', loading: false, inputs: [{ expression: '2+2' }], outputs: '4' }];
    await upsertReplies(database.db, [{ ...reply('r1_', alice, 'Hello'), reasoning: 'thinking', plugins }, reply('r2_', bob, 'World')]);
    const after = await findMessage(database.db, alice, 'r1_');
    expect(after).toMatchObject({ text: 'Hello', unfinished: true, reasoning: 'thinking', plugins, isCreatedByUser: false });
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect((await findMessage(database.db, bob, 'r2_'))?.text).toBe('World');
  });

  it('never overwrites a reply id owned by another user', async () => {
    await upsertReplies(database.db, [reply('r2_', alice, 'hijacked')]);
    expect((await findMessage(database.db, bob, 'r2_'))?.text).toBe('World');
    expect(await findMessage(database.db, alice, 'r2_')).toBeUndefined();
  });

  /** A reply as the save ticks see it, its text and reasoning growing. */
  const streaming = (row: MessageInput): StreamingReply => ({ ...row, text: new GrowingText(row.text), reasoning: new GrowingText(row.reasoning ?? '') });

  it('writes a growing reply whole once, then only what it grew by, characters outside the BMP included', async () => {
    const row = streaming({ ...reply('r3_', alice, 'Snow ☃ and 🎉'), reasoning: 'Think 🤔' });
    const [saved] = await saveReplies(database.db, [row], [undefined]);
    row.text.append(' more 🎉🎉 text');
    row.reasoning.append(', then 𝒳');
    row.plugins = [{ latest: 'calculator', loading: true, inputs: ['1+1'] }];
    const [again] = await saveReplies(database.db, [row], [saved]);
    const expected = { text: 'Snow ☃ and 🎉 more 🎉🎉 text', reasoning: 'Think 🤔, then 𝒳' };
    expect(await findMessage(database.db, alice, 'r3_')).toMatchObject({ ...expected, plugins: row.plugins, unfinished: true });
    // The same growth sent again (a write that succeeded unseen) is cut back first: nothing doubles.
    await saveReplies(database.db, [row], [saved]);
    expect(await findMessage(database.db, alice, 'r3_')).toMatchObject(expected);
    row.text.append('!');
    await saveReplies(database.db, [row], [again]);
    expect(await findMessage(database.db, alice, 'r3_')).toMatchObject({ text: `${expected.text}!`, plugins: row.plugins, unfinished: true });
  });

  it('never appends to a reply id owned by another user', async () => {
    const [saved] = await saveReplies(database.db, [streaming(reply('r4_', bob, 'Bob says'))], [undefined]);
    await saveReplies(database.db, [streaming(reply('r4_', alice, 'Bob says hijacked'))], [saved]);
    expect((await findMessage(database.db, bob, 'r4_'))?.text).toBe('Bob says');
  });
});
