import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PayType } from '@parley/core';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { orders } from '../../db/schema.ts';
import { AmountOverflow } from '../access/safe-amount.ts';
import { epayGateways } from './epay-config.ts';
import { fulfilOrder } from './order-fulfilment.ts';
import { epaySignatureValid, fenToMoney, moneyToFen } from './epay-sign.ts';

const field = z.string().max(256).optional();
/** The gateway's notification (query string of a GET, form body of a POST); unknown fields are signed too. */
export const epayNotifySchema = z.record(z.string().max(64), z.string().max(1024)).and(
  z.object({ pid: field, trade_no: field, out_trade_no: field, type: field, name: field, money: field, trade_status: field, sign: field, sign_type: field }),
);
export type EpayNotify = z.infer<typeof epayNotifySchema>;

type Verdict = 'success' | 'fail';

/**
 * `/api/pay/notify`: checks the signature against each configured gateway (constant time), the
 * merchant id and the trade status, then, in one transaction holding the order's row lock, that
 * the order is one of that gateway's methods and the amount is its price, and fulfils it once
 * (a new key, quota for a key, credits for an account), recording the gateway's trade_no. Answers
 * `success` only once that is committed (a repeated notification of the same trade, too), so the
 * gateway retries any failure; a late notification is fulfilled when it comes.
 */
export async function settleNotification(ctx: AppContext, params: EpayNotify): Promise<Verdict> {
  const refuse = (reason: string): Verdict => {
    ctx.log.warn({ orderId: params.out_trade_no, tradeNo: params.trade_no, reason }, 'payment notification refused');
    return 'fail';
  };
  const gateways = epayGateways(ctx.env);
  if (gateways.length === 0) return refuse('payments not configured');
  const signedBy = gateways.filter((g) => epaySignatureValid(params, g.config.key));
  if (signedBy.length === 0) return refuse('bad signature');
  const gateway = signedBy.find((g) => params.pid === g.config.pid);
  if (!gateway) return refuse('wrong pid');
  if (!params.out_trade_no || !params.trade_no) return refuse('no order or trade number');
  if (params.trade_status && closedStatuses.has(params.trade_status)) {
    await markOrderFailed(ctx, params.out_trade_no, gateway.types, `the gateway closed the trade (${params.trade_status})`);
    return 'success';
  }
  if (params.trade_status !== 'TRADE_SUCCESS') return refuse(`trade status ${params.trade_status}`);
  const outcome = await settlePaidTrade(ctx, { orderId: params.out_trade_no, tradeNo: params.trade_no, fen: moneyToFen(params.money ?? ''), gatewayTypes: gateway.types });
  return acknowledged.has(outcome) ? 'success' : refuse(outcome);
}

/** Outcomes the gateway need not retry: the payment is recorded (credited, or kept for the operator). */
const acknowledged = new Set<SettleOutcome>(['credited', 'already credited', 'not creditable']);
/** A signed notification of a trade that ended without payment. */
const closedStatuses = new Set(['TRADE_CLOSED', 'TRADE_FAILED']);

/** A pending order (of a method this gateway takes) the gateway says failed; any other state is left as it is. */
async function markOrderFailed(ctx: AppContext, orderId: string, types: PayType[], failure: string): Promise<void> {
  const changed = await ctx.db
    .update(orders)
    .set({ status: 'failed', failure })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), inArray(orders.type, types)))
    .returning({ id: orders.id });
  if (changed.length > 0) ctx.log.info({ orderId, failure }, 'order failed');
}

/** What settling a paid trade did: credited now, credited before, or why it was not. */
export type SettleOutcome = 'credited' | 'already credited' | 'not creditable' | (string & {});

/**
 * The one settle path of a paid trade (the gateway's notification, the operator's re-query): in
 * one transaction holding the order's row lock, checks the amount and credits the key's quota
 * once, recording the gateway's trade_no. A payment that cannot be credited (the key is gone,
 * or the quota would pass the largest exact amount) is recorded as `paid` with the reason, for
 * the operator to settle by hand.
 */
export async function settlePaidTrade(
  ctx: AppContext,
  trade: { orderId: string; tradeNo: string; fen: number | undefined; /** A notification's gateway: the methods it may settle. */ gatewayTypes?: PayType[] },
): Promise<SettleOutcome> {
  const { orderId, tradeNo, fen } = trade;
  const outcome = await ctx.db
    .transaction(async (tx): Promise<SettleOutcome> => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) return 'unknown order';
      if (trade.gatewayTypes && !trade.gatewayTypes.includes(order.type as PayType)) return "not the gateway of the order's method";
      if (fen !== order.price) return `money ${fen === undefined ? '?' : fenToMoney(fen)} is not the order's price`;
      if (order.status !== 'pending' && order.status !== 'failed') return order.tradeNo === tradeNo ? 'already credited' : 'paid by another trade';
      const paid = { tradeNo, paidAt: sql`now()` };
      const uncreditable = async (failure: string) => {
        await tx.update(orders).set({ ...paid, status: 'paid', failure }).where(eq(orders.id, orderId));
        ctx.log.error({ orderId, tradeNo, failure }, 'a paid order could not be credited; settle it by hand');
        return 'not creditable';
      };
      if (order.purpose === 'key_topup' && !order.accessKeyId) return uncreditable('the key of this order no longer exists');
      if (order.purpose === 'credits' && !order.userId) return uncreditable('the account of this order no longer exists');
      try {
        await fulfilOrder(tx, order, ctx.env.START_BALANCE);
      } catch (error) {
        if (error instanceof AmountOverflow) return uncreditable(error.message);
        throw error;
      }
      await tx.update(orders).set({ ...paid, status: 'credited', failure: null }).where(eq(orders.id, orderId));
      return 'credited';
    })
    .catch((error: unknown) => {
      ctx.log.error({ err: error, orderId, tradeNo }, 'could not credit a payment');
      return 'error while crediting';
    });
  if (outcome === 'credited') ctx.log.info({ orderId, tradeNo }, 'order paid and fulfilled');
  return outcome;
}
