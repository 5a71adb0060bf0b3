import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { accessKeys, apiTokens, usageLedger } from '../../db/schema.ts';
import { readTokenBalance } from '../access/token-balance.ts';
import type { GatewayCaller } from './gateway-caller.ts';

/** What the caller has had in all and used, in its unit (a key's quota, an account's credits), and when it stops working. */
interface Totals {
  granted: number;
  used: number;
  expiresAt: Date | null;
}

async function totalsOf(ctx: AppContext, caller: GatewayCaller): Promise<Totals> {
  if (caller.keyId) {
    const [key] = await ctx.db.select().from(accessKeys).where(eq(accessKeys.id, caller.keyId));
    return { granted: (key?.quota ?? 0) + (key?.used ?? 0), used: key?.used ?? 0, expiresAt: key?.expiresAt ?? null };
  }
  const [charged] = await ctx.db
    .select({ used: sql<string>`coalesce(sum(${usageLedger.amount}), 0)` })
    .from(usageLedger)
    .where(and(eq(usageLedger.userId, caller.userId), isNull(usageLedger.accessKeyId), eq(usageLedger.kind, 'charge')));
  const used = Number(charged?.used ?? 0);
  const balance = await readTokenBalance(ctx.db, caller.userId, ctx.env.START_BALANCE);
  const [token] = caller.tokenId ? await ctx.db.select({ expiresAt: apiTokens.expiresAt }).from(apiTokens).where(eq(apiTokens.id, caller.tokenId)) : [];
  return { granted: balance + used, used, expiresAt: token?.expiresAt ?? null };
}

const usd = (ctx: AppContext, amount: number) => amount / ctx.env.BILLING_QUOTA_PER_USD;

/** `GET /v1/dashboard/billing/subscription` as one-api answers it: the whole grant as the hard limit, in "dollars" of BILLING_QUOTA_PER_USD units. */
export async function billingSubscription(ctx: AppContext, caller: GatewayCaller) {
  const { granted, expiresAt } = await totalsOf(ctx, caller);
  const limit = usd(ctx, granted);
  return {
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: limit,
    hard_limit_usd: limit,
    system_hard_limit_usd: limit,
    access_until: expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0,
  };
}

/** `GET /v1/dashboard/billing/usage` as one-api answers it: what was used, in cents of those "dollars". */
export async function billingUsage(ctx: AppContext, caller: GatewayCaller) {
  const { used } = await totalsOf(ctx, caller);
  return { object: 'list', total_usage: usd(ctx, used) * 100 };
}
