import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/core';
import { users, usageLedger } from '../../db/schema.ts';
import { finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('token balance (CHECK_BALANCE) on %s', (kind) => {
  let s: ChatStack;

  beforeAll(async () => {
    s = await startChatStack(kind, { CHECK_BALANCE: 'true', START_BALANCE: '20000' });
  });
  afterAll(() => s.close());

  it('starts an account at START_BALANCE and charges prompt and completion tokens from the upstream usage', async () => {
    const alice = await s.t.signUp();
    expect(await json(s.get(alice, '/api/balance'))).toEqual({ balance: 20000, unit: 'credits' });
    s.upstream.enqueue({ chunks: ['Hello'], usage: { promptTokens: 1000, completionTokens: 100 } });
    finalOf((await s.ask(alice, { text: 'hi', model: 'gpt-4o-mini' })).frames);
    const { balance } = await json<{ balance: number }>(s.get(alice, '/api/balance'));
    expect(balance).toBeLessThan(20000);
    const [charge] = await s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.userId, alice.userId));
    expect(charge).toMatchObject({ kind: 'charge', model: 'gpt-4o-mini', amount: 20000 - balance });
  });

  it('refuses a call whose prompt costs more than the balance with the token_balance error', async () => {
    const bob = await s.t.signUp();
    await s.t.ctx.db.update(users).set({ balance: 3 }).where(eq(users.id, bob.userId));
    const { frames } = await s.ask(bob, { text: 'a fairly long question '.repeat(50), model: 'gpt-4o' });
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    const error = JSON.parse((last.data as Message).text) as { type: string; balance: number; promptTokens: number; tokenCost: number };
    expect(error).toMatchObject({ type: 'token_balance', balance: 3 });
    expect(error.promptTokens).toBeGreaterThan(100);
    expect(error.tokenCost).toBeGreaterThan(3);
    expect(s.upstream.requests.filter((r) => r.body !== undefined && JSON.stringify(r.body).includes('a fairly long question'))).toHaveLength(0);
  });

  it('leaves the balance alone when the upstream fails before any text', async () => {
    const carol = await s.t.signUp();
    s.upstream.enqueue({ status: 500 });
    await s.ask(carol, { text: 'fail', model: 'gpt-4o' });
    expect(await json(s.get(carol, '/api/balance'))).toEqual({ balance: 20000, unit: 'credits' });
  });
});
