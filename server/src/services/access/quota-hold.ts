import { chatErrorText, type DailyLimitError, type EndpointName, type InsufficientQuotaError } from '@parley/core';
import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import type { Queryable } from '../../db/client.ts';
import { accessKeys, dailyCalls, usageLedger } from '../../db/schema.ts';
import { keyState } from './access-key-store.ts';
import type { HoldEntry } from './key-holds.ts';
import { calendarDay } from './calendar-day.ts';
import { callPrice, FREE_MODEL_MAX_COST } from './call-cost.ts';
import type { Payer } from './owner-kinds.ts';
import { checkTokenBalance, chargeTokens } from './token-balance.ts';

/** One chat call about to go upstream. */
export interface Call {
  endpoint: EndpointName;
  model: string;
  /** The chat's conversation; none for an API call. */
  conversationId?: string;
  /** The user message of the exchange; none for an API call. */
  messageId?: string;
  /**
   * The text sent upstream, for the token-balance estimate: joined only when CHECK_BALANCE asks
   * for it, since a long conversation's window is hundreds of KB per ask in flight.
   */
  promptText(): string;
  /** A token-priced call's estimate, held instead of the model's per-call cost. */
  holdCost?: number;
}

/** How a held call ended: `served` (text arrived, or it finished) is charged; otherwise the hold is refunded. */
export interface CallOutcome {
  served: boolean;
  promptTokens?: number;
  completionTokens?: number;
  /** A token-priced call's cost on the upstream's usage, charged instead of what was held. */
  cost?: number;
}

export interface Hold {
  /** Charges or refunds the hold; only the first call counts. Never throws (a failure is logged). */
  settle(outcome: CallOutcome): Promise<void>;
}

export type HoldResult = { ok: true; hold: Hold } | { ok: false; errorText: string };

/** Refusal inside a transaction: rolls it back, then becomes the chat error. */
class Refused extends Error {
  constructor(readonly errorText: string) {
    super('refused');
  }
}

export const FREE_SUBJECT_MODEL = '*';
const keySubject = (keyId: string) => `key:${keyId}`;
export const ipSubject = (ip: string) => `ip:${ip}`;

/** Counts one more call of the day unless `cap` is reached; false when it is. */
async function countCall(db: Queryable, subject: string, model: string, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await db
    .insert(dailyCalls)
    .values({ subject, model, day, count: 1 })
    .onConflictDoUpdate({
      target: [dailyCalls.subject, dailyCalls.model, dailyCalls.day],
      set: { count: sql`${dailyCalls.count} + 1` },
      setWhere: sql`${dailyCalls.count} < ${cap}`,
    })
    .returning({ count: dailyCalls.count });
  return rows.length > 0;
}

async function uncountCall(db: Queryable, subject: string, model: string, day: string): Promise<void> {
  await db
    .update(dailyCalls)
    .set({ count: sql`greatest(${dailyCalls.count} - 1, 0)` })
    .where(and(eq(dailyCalls.subject, subject), eq(dailyCalls.model, model), eq(dailyCalls.day, day)));
}

const quotaError = (details: Omit<InsufficientQuotaError, 'type'>) => chatErrorText('insufficient_quota', details);
const capError = (max: number, model: string) => chatErrorText('message_limit', { max, model, period: 'day' } satisfies Omit<DailyLimitError, 'type'>);

/** A rationed model's hold: its daily count and the quota in one transaction (the conditional UPDATE locks the key row). */
async function holdRationed(
  ctx: AppContext,
  keyId: string,
  { subject, cap, day, cost, entry }: { subject: string; cap: { model: string; max: number }; day: string; cost: number; entry: HoldEntry },
): Promise<string | Refused> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await countCall(tx, subject, cap.model, day, cap.max))) throw new Refused(capError(cap.max, cap.model));
      const usable = and(eq(accessKeys.id, keyId), eq(accessKeys.status, 'active'), or(isNull(accessKeys.expiresAt), gt(accessKeys.expiresAt, sql`now()`)));
      const [taken] = await tx
        .update(accessKeys)
        .set({ quota: sql`${accessKeys.quota} - ${cost}`, used: sql`${accessKeys.used} + ${cost}`, updatedAt: sql`now()` })
        .where(and(usable, gte(accessKeys.quota, cost)))
        .returning({ quota: accessKeys.quota });
      if (!taken) {
        const [left] = await tx.select().from(accessKeys).where(eq(accessKeys.id, keyId));
        // Revoked or expired since the request was authenticated: not a matter of quota.
        if (!left || keyState(left) !== 'active') throw new Refused(quotaError({ reason: 'key_expired', cost }));
        throw new Refused(quotaError({ reason: 'quota', cost, remaining: left.quota }));
      }
      const [row] = await tx.insert(usageLedger).values({ ...entry, kind: 'hold', amount: cost }).returning({ id: usageLedger.id });
      return row!.id;
    });
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
}

/**
 * Holds one call's cost on a key: the quota taken only if enough is left, and a `hold` ledger row,
 * atomically. A rationed model also counts its daily cap, in one transaction with the quota (the
 * conditional UPDATE locks the key row, so concurrent asks cannot overspend); any other goes
 * through `ctx.keyHolds`, one statement per batch of the key's concurrent holds.
 */
async function holdOnKey(ctx: AppContext, payer: Extract<Payer, { kind: 'key' }>, call: Call): Promise<HoldResult> {
  const price = callPrice(ctx, call.endpoint, call.model);
  const { cap } = price;
  const cost = call.holdCost ?? price.cost;
  // Only a rationed model needs the day (formatting it in TZ cost ~0.7 ms of CPU a call).
  const day = cap ? calendarDay(ctx.env.TZ) : '';
  const subject = keySubject(payer.keyId);
  const entry = { userId: payer.userId, accessKeyId: payer.keyId, model: call.model, conversationId: call.conversationId, messageId: call.messageId };
  let holdId: string;
  if (!cap) {
    // No daily count to keep with it: one batched statement, so a key's concurrent calls never queue on its row.
    const held = await ctx.keyHolds.hold(cost, entry);
    if (!held.ok) return { ok: false, errorText: quotaError(held.reason === 'quota' ? { reason: 'quota', cost, remaining: held.remaining } : { reason: 'key_expired', cost }) };
    holdId = held.holdId;
  } else {
    const held = await holdRationed(ctx, payer.keyId, { subject, cap, day, cost, entry });
    if (held instanceof Refused) return { ok: false, errorText: held.errorText };
    holdId = held;
  }
  return {
    ok: true,
    hold: settleOnce(ctx, call, async ({ served, cost: final }) => {
      if (served && (final === undefined || final === cost)) return ctx.charges.charge({ ...entry, conversationId: entry.conversationId ?? null, messageId: entry.messageId ?? null, amount: cost, holdId });
      if (served) return settleDifference(ctx, payer.keyId, { ...entry, holdId }, cost, final!);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(accessKeys)
          .set({ quota: sql`${accessKeys.quota} + ${cost}`, used: sql`greatest(${accessKeys.used} - ${cost}, 0)`, updatedAt: sql`now()` })
          .where(eq(accessKeys.id, payer.keyId));
        if (cap) await uncountCall(tx, subject, cap.model, day);
        await tx.insert(usageLedger).values({ ...entry, kind: 'refund', amount: cost, holdId });
      });
    }),
  };
}

/**
 * A token-priced call settled on its usage: what was held beyond the cost goes back, what the
 * cost passed the hold is taken from what the key has left (never below zero), and the charge
 * row says what the call cost in the end, all in one transaction with the key row locked.
 */
async function settleDifference(ctx: AppContext, keyId: string, entry: Omit<typeof usageLedger.$inferInsert, 'kind' | 'amount'>, held: number, cost: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ quota: accessKeys.quota }).from(accessKeys).where(eq(accessKeys.id, keyId)).for('update');
    // Positive: more to take; negative: to give back.
    const change = cost > held ? Math.min(cost - held, row?.quota ?? 0) : cost - held;
    await tx
      .update(accessKeys)
      .set({ quota: sql`${accessKeys.quota} - ${change}`, used: sql`greatest(${accessKeys.used} + ${change}, 0)`, updatedAt: sql`now()` })
      .where(eq(accessKeys.id, keyId));
    await tx.insert(usageLedger).values({ ...entry, kind: 'charge', amount: held + change });
  });
}

/** A visitor without a key: models costing at most 1, FREE_CALLS_PER_DAY per IP per calendar day. */
async function holdFree(ctx: AppContext, payer: Extract<Payer, { kind: 'visitor' }>, call: Call): Promise<HoldResult> {
  const { cost } = callPrice(ctx, call.endpoint, call.model);
  if (cost > FREE_MODEL_MAX_COST) return { ok: false, errorText: quotaError({ reason: 'model_not_free', cost }) };
  const day = calendarDay(ctx.env.TZ);
  const subject = ipSubject(payer.ip);
  const entry = { userId: payer.userId, model: call.model, conversationId: call.conversationId, messageId: call.messageId };
  const holdId = await ctx.db.transaction(async (tx) => {
    if (!(await countCall(tx, subject, FREE_SUBJECT_MODEL, day, ctx.businessSettings.current().freeCallsPerDay))) return undefined;
    const [row] = await tx.insert(usageLedger).values({ ...entry, kind: 'hold', amount: cost }).returning({ id: usageLedger.id });
    return row!.id;
  });
  if (!holdId) return { ok: false, errorText: quotaError({ reason: 'free_allowance', remaining: 0 }) };
  return {
    ok: true,
    hold: settleOnce(ctx, call, async ({ served }) => {
      if (served) return void (await ctx.db.insert(usageLedger).values({ ...entry, kind: 'charge', amount: cost, holdId }));
      await ctx.db.transaction(async (tx) => {
        await uncountCall(tx, subject, FREE_SUBJECT_MODEL, day);
        await tx.insert(usageLedger).values({ ...entry, kind: 'refund', amount: cost, holdId });
      });
    }),
  };
}

function settleOnce(ctx: AppContext, call: Call, settle: (outcome: CallOutcome) => Promise<void>): Hold {
  let settled = false;
  return {
    async settle(outcome) {
      if (settled) return;
      settled = true;
      try {
        await settle(outcome);
      } catch (error) {
        ctx.log.error({ err: error, model: call.model, conversationId: call.conversationId, messageId: call.messageId, served: outcome.served }, 'could not settle the quota of a call');
      }
    },
  };
}

const free: Hold = { settle: async () => undefined };

/**
 * Before the upstream call: takes what the call costs from whoever pays (a key's quota, a
 * visitor's free calls, an account's token credits when CHECK_BALANCE is on), or answers the chat
 * error text of the refusal. The hold is settled when the call ends.
 */
export async function holdCall(ctx: AppContext, payer: Payer, call: Call): Promise<HoldResult> {
  if (payer.kind === 'key') return holdOnKey(ctx, payer, call);
  if (payer.kind === 'visitor') return holdFree(ctx, payer, call);
  if (!ctx.env.CHECK_BALANCE) return { ok: true, hold: free };
  const checked = await checkTokenBalance(ctx, payer.userId, call);
  if (!checked.ok) return checked;
  return {
    ok: true,
    hold: settleOnce(ctx, call, (outcome) => (outcome.served ? chargeTokens(ctx, payer.userId, call, outcome, checked.promptTokens) : Promise.resolve())),
  };
}
