import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { orders } from '../../db/schema.ts';
import { addAccessKeyQuota } from '../access/access-key-store.ts';
import { epayConfig } from './epay-config.ts';
import { epaySignatureValid, moneyToFen } from './epay-sign.ts';

const field = z.string().max(256).optional();
/** The gateway's notification (query string of a GET, form body of a POST); unknown fields are signed too. */
export const epayNotifySchema = z.record(z.string().max(64), z.string().max(1024)).and(
  z.object({ pid: field, trade_no: field, out_trade_no: field, type: field, name: field, money: field, trade_status: field, sign: field, sign_type: field }),
);
export type EpayNotify = z.infer<typeof epayNotifySchema>;

type Verdict = 'success' | 'fail';

/**
 * `/api/pay/notify`: checks the signature (constant time), the merchant id and the trade status,
 * then, in one transaction holding the order's row lock, checks the amount and credits the key's
 * quota once, recording the gateway's trade_no. Answers `success` only once that is committed
 * (a repeated notification of the same trade, too), so the gateway retries any failure.
 */
export async function settleNotification(ctx: AppContext, params: EpayNotify): Promise<Verdict> {
  const config = epayConfig(ctx.env);
  const refuse = (reason: string): Verdict => {
    ctx.log.warn({ orderId: params.out_trade_no, tradeNo: params.trade_no, reason }, 'payment notification refused');
    return 'fail';
  };
  if (!config) return refuse('payments not configured');
  if (!epaySignatureValid(params, config.key)) return refuse('bad signature');
  if (params.pid !== config.pid) return refuse('wrong pid');
  if (params.trade_status !== 'TRADE_SUCCESS') return refuse(`trade status ${params.trade_status}`);
  if (!params.out_trade_no || !params.trade_no) return refuse('no order or trade number');
  const fen = moneyToFen(params.money ?? '');
  const orderId = params.out_trade_no;
  const tradeNo = params.trade_no;

  const outcome = await ctx.db
    .transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return 'unknown order';
    if (fen !== order.price) return `money ${params.money} is not the order's price`;
    if (order.status === 'paid') return order.tradeNo === tradeNo ? 'already credited' : 'paid by another trade';
    if (!order.accessKeyId) return 'order has no key';
    await tx.update(orders).set({ status: 'paid', tradeNo, paidAt: sql`now()` }).where(eq(orders.id, orderId));
    await addAccessKeyQuota(tx, order.accessKeyId, order.quota, { kind: 'topup', orderId });
    return 'credited';
  })
    .catch((error: unknown) => {
      ctx.log.error({ err: error, orderId, tradeNo }, 'could not credit a payment');
      return 'error while crediting';
    });
  if (outcome === 'credited') {
    ctx.log.info({ orderId, tradeNo }, 'top-up credited');
    return 'success';
  }
  return outcome === 'already credited' ? 'success' : refuse(outcome);
}
