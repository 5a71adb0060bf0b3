import { askRequestSchema, ROOT_PARENT_ID, type CreatedEvent } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, conversations, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { prepareExchange } from './prepare-exchange.ts';
import { startExchange } from './start-exchange.ts';

/**
 * The upstream call goes out while the user message is written; these are the cases where that
 * write fails after the call started: nothing may be charged, stored or left running.
 */
describe.each(testDatabaseKinds)('startExchange when the user message cannot be saved, on %s', (kind) => {
  let s: ChatStack;

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys', MESSAGE_USER_MAX: '1000', MESSAGE_IP_MAX: '1000' });
  });
  afterAll(() => s.close());

  it('drops the call, refunds the hold once and writes nothing when the message id was taken after the check', async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 10 });
    const userId = key.row.userId;
    if (!userId) throw new Error('a minted key has its own owner row');
    const messageId = `raced-${kind}`;
    const body = askRequestSchema.parse({ text: 'The loser of a race', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, parentMessageId: ROOT_PARENT_ID, messageId });
    // Checked free here, then taken by another ask before this one's insert.
    const exchange = await prepareExchange(s.t.ctx, { id: userId, visitor: false }, 'openAI', body, 'ask');
    const winner = await s.ask(key, { text: 'The winner', model: 'gpt-4o-mini', messageId });
    finalOf(winner.frames);
    const quotaBefore = (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id)))[0]!;

    await expect(startExchange(s.t.ctx, exchange, undefined, { kind: 'key', userId, keyId: key.row.id })).rejects.toMatchObject({ code: 'message_id_taken' });

    expect((await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id)))[0]).toMatchObject({ quota: quotaBefore.quota, used: quotaBefore.used });
    const ledger = await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, key.row.id));
    const count = (kind: string) => ledger.filter((row) => row.kind === kind).length;
    expect({ holds: count('hold'), charges: count('charge'), refunds: count('refund') }).toEqual({ holds: 2, charges: 1, refunds: 1 });
    expect(await s.t.ctx.db.select().from(conversations).where(eq(conversations.id, exchange.conversationId))).toEqual([]);
    // Its stream slot is freed: the key can ask again at once.
    expect(await s.t.ctx.streams.liveCount(userId)).toBe(0);
    const next = await s.ask(key, { text: 'And again', model: 'gpt-4o-mini' });
    expect((next.frames[0]!.data as CreatedEvent).created).toBe(true);
    finalOf(next.frames);
  });
});
