import type { BalanceResponse } from '@parley/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { accessKeys, dailyCalls } from '../../db/schema.ts';
import { calendarDay } from './calendar-day.ts';
import type { Payer } from './owner-kinds.ts';
import { FREE_SUBJECT_MODEL, ipSubject } from './quota-hold.ts';
import { readTokenBalance } from './token-balance.ts';

/** A key's remaining quota, a visitor's free calls left today, or an account's token credits. */
export async function readBalance(ctx: AppContext, payer: Payer): Promise<BalanceResponse> {
  if (payer.kind === 'key') {
    const [row] = await ctx.db.select({ quota: accessKeys.quota }).from(accessKeys).where(eq(accessKeys.id, payer.keyId));
    return { balance: row?.quota ?? 0, unit: 'quota' };
  }
  if (payer.kind === 'visitor') {
    const day = calendarDay(ctx.env.TZ);
    const [row] = await ctx.db
      .select({ count: dailyCalls.count })
      .from(dailyCalls)
      .where(and(eq(dailyCalls.subject, ipSubject(payer.ip)), eq(dailyCalls.model, FREE_SUBJECT_MODEL), eq(dailyCalls.day, day)));
    return { balance: Math.max(0, ctx.businessSettings.current().freeCallsPerDay - (row?.count ?? 0)), unit: 'free_calls' };
  }
  return { balance: await readTokenBalance(ctx.db, payer.userId, ctx.env.START_BALANCE), unit: 'credits' };
}
