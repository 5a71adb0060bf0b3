import { askRequestSchema, ROOT_PARENT_ID, type CreatedEvent } from '@parley/core';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, conversations, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { callMeter } from '../access/call-meter.ts';
import { holdExchange } from '../access/hold-exchange.ts';
import type { Payer } from '../access/owner-kinds.ts';
import { prepareExchange, type Exchange } from './prepare-exchange.ts';
import { runExchange } from './run-exchange.ts';
import { startExchange } from './start-exchange.ts';
import { openUserMessageGate } from './user-message-gate.ts';

/**
 * The upstream call goes out while the user message is written; these are the cases where that
 * write fails after the call started: nothing may be charged, stored or left running. The write
 * fails before `created` (the ask is refused) or, on PGlite when the first delta came first,
 * after it (the stream ends with the error).
 */
describe.each(testDatabaseKinds)('startExchange when the user message cannot be saved, on %s', (kind) => {
  let s: ChatStack;

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys', MESSAGE_USER_MAX: '1000', MESSAGE_IP_MAX: '1000' });
  });
  afterAll(() => s.close());

  /** An exchange whose message id another ask took after `prepareExchange` checked it. */
  async function racedExchange(label: string) {
    const key = await mintKey(s.t.ctx.db, { quota: 10 });
    const userId = key.row.userId;
    if (!userId) throw new Error('a minted key has its own owner row');
    const messageId = `raced-${label}-${kind}`;
    const body = askRequestSchema.parse({ text: 'The loser of a race', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, parentMessageId: ROOT_PARENT_ID, messageId });
    const exchange = await prepareExchange(s.t.ctx, { id: userId, visitor: false }, 'openAI', body, 'ask');
    const winner = await s.ask(key, { text: 'The winner', model: 'gpt-4o-mini', messageId });
    finalOf(winner.frames);
    const quotaBefore = (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id)))[0]!;
    const payer: Payer = { kind: 'key', userId, keyId: key.row.id };
    return { key, userId, exchange, payer, quotaBefore };
  }

  /** Nothing of the losing exchange is charged or stored, and its slot is free: the key asks again at once. */
  async function expectNothingKept(raced: Awaited<ReturnType<typeof racedExchange>>) {
    const { key, userId, exchange, quotaBefore } = raced;
    expect((await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id)))[0]).toMatchObject({ quota: quotaBefore.quota, used: quotaBefore.used });
    const ledger = await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, key.row.id));
    const count = (kind: string) => ledger.filter((row) => row.kind === kind).length;
    expect({ holds: count('hold'), charges: count('charge'), refunds: count('refund') }).toEqual({ holds: 2, charges: 1, refunds: 1 });
    expect(await s.t.ctx.db.select().from(conversations).where(eq(conversations.id, exchange.conversationId))).toEqual([]);
    expect(await s.t.ctx.streams.liveCount(userId)).toBe(0);
    const next = await s.ask(key, { text: 'And again', model: 'gpt-4o-mini' });
    expect((next.frames[0]!.data as CreatedEvent).created).toBe(true);
    finalOf(next.frames);
  }

  it('refuses the ask, drops the call, refunds the hold once and writes nothing when the id was taken before `created`', async () => {
    const raced = await racedExchange('before');
    // A slow first token: on PGlite too the message is stored (and fails) before anything is announced.
    s.upstream.enqueue({ chunks: ['Too ', 'late'], delayMs: 300 });

    await expect(startExchange(s.t.ctx, raced.exchange, undefined, raced.payer)).rejects.toMatchObject({ code: 'message_id_taken' });

    await expectNothingKept(raced);
  });

  it('ends the stream with the error, refunds the hold once and writes nothing when the id was taken after `created`', async () => {
    const raced = await racedExchange('after');
    const streamId = randomUUID();
    const exchange: Exchange = raced.exchange;
    await s.t.ctx.streams.create({ streamId, userId: raced.userId, conversationId: exchange.conversationId, replyId: exchange.replyId }, 5);
    const held = await holdExchange(s.t.ctx, exchange, raced.payer);
    if (!held.ok) throw new Error(held.errorText);
    const gate = openUserMessageGate(s.t.ctx, exchange, streamId);
    // The first delta came first (on PostgreSQL the message is stored first anyway, and fails before `created`).
    void gate.beforeFirstDelta().catch(() => undefined);

    await runExchange(s.t.ctx, exchange, { streamId, gate, hold: callMeter(s.t.ctx, exchange, raced.payer, held.hold), payer: raced.payer, startedAt: performance.now() });

    const frames: { event: string; data: Record<string, unknown> }[] = [];
    const subscription = await s.t.ctx.streams.subscribe(streamId, -1, (frame) => frames.push({ event: frame.event, data: frame.data as Record<string, unknown> }));
    subscription?.close();
    if (kind === 'pglite') {
      expect(frames[0]!.data).toMatchObject({ created: true, message: { messageId: exchange.userMessage.id } });
      expect(frames.at(-1)).toMatchObject({ event: 'error', data: { text: expect.stringContaining('message id is already used') } });
      await expectNothingKept(raced);
    } else {
      await expect(gate.announced).rejects.toMatchObject({ code: 'message_id_taken' });
      expect(frames).toEqual([]);
    }
  });
});
