import { chatErrorText, type TokenBalanceError } from '@parley/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { usageLedger, users } from '../../db/schema.ts';
import { tokenRates } from './call-cost.ts';
import type { Call, CallOutcome } from './quota-hold.ts';
import { AmountOverflow, MAX_AMOUNT } from './safe-amount.ts';

/** An account's credits; a never-charged account (null) has START_BALANCE. */
const balanceOf = (start: number) => sql<number>`coalesce(${users.balance}, ${start})::bigint`;

export async function readTokenBalance(db: Queryable, userId: string, start: number): Promise<number> {
  const [row] = await db.select({ balance: balanceOf(start) }).from(users).where(eq(users.id, userId));
  return Number(row?.balance ?? start);
}

/** LibreChat's pre-call check: the prompt alone must be affordable. */
export async function checkTokenBalance(ctx: AppContext, userId: string, call: Call): Promise<{ ok: true; promptTokens: number } | { ok: false; errorText: string }> {
  const promptTokens = await ctx.tokenCounter.count(call.promptText());
  const tokenCost = Math.ceil(promptTokens * tokenRates(call.endpoint, call.model).prompt);
  const balance = await readTokenBalance(ctx.db, userId, ctx.env.START_BALANCE);
  if (balance > 0 && balance >= tokenCost) return { ok: true, promptTokens };
  const details: Omit<TokenBalanceError, 'type'> = { balance, promptTokens, tokenCost };
  return { ok: false, errorText: chatErrorText('token_balance', details) };
}

/** The credits a call's tokens cost on its model's rates. */
export function creditCost(call: Pick<Call, 'endpoint' | 'model'>, promptTokens: number, completionTokens: number): number {
  const rates = tokenRates(call.endpoint, call.model);
  return Math.ceil(promptTokens * rates.prompt + completionTokens * rates.completion);
}

/** After the call: prompt and completion tokens as the upstream reported them (the estimate when it did not). */
export async function chargeTokens(ctx: AppContext, userId: string, call: Call, outcome: CallOutcome, estimatedPrompt: number): Promise<void> {
  const cost = creditCost(call, outcome.promptTokens ?? estimatedPrompt, outcome.completionTokens ?? 0);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ balance: sql`${balanceOf(ctx.env.START_BALANCE)} - ${cost}` })
      .where(eq(users.id, userId));
    await tx.insert(usageLedger).values({ userId, kind: 'charge', amount: cost, model: call.model, conversationId: call.conversationId, messageId: call.messageId });
  });
}

/** `user:add-balance`: credits added with a ledger row; answers the new balance. A sum past MAX_AMOUNT adds nothing and throws AmountOverflow. */
export function addTokenBalance(db: Db, userId: string, credits: number, start: number): Promise<number> {
  return db.transaction((tx) => creditTokenBalance(tx, userId, credits, start));
}

/** The same inside a caller's transaction (the console's, which records the addition beside it). */
export async function creditTokenBalance(db: Queryable, userId: string, credits: number, start: number): Promise<number> {
  if (!Number.isSafeInteger(credits) || credits < 0) throw new RangeError(`credits to add must be a whole number from 0 to ${MAX_AMOUNT}, not ${credits}`);
  const [row] = await db
    .update(users)
    .set({ balance: sql`${balanceOf(start)} + ${credits}` })
    .where(and(eq(users.id, userId), sql`${balanceOf(start)} <= ${MAX_AMOUNT - credits}`))
    .returning({ balance: users.balance });
  if (!row) throw new AmountOverflow('the balance', await readTokenBalance(db, userId, start), credits);
  await db.insert(usageLedger).values({ userId, kind: 'credit', amount: credits });
  return Number(row.balance);
}
