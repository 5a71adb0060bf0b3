import { randomBytes } from 'node:crypto';
import { ORDER_OK, payTypes, type CreateOrderRequest, type CreateOrderResponse } from '@parley/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { orders } from '../../db/schema.ts';
import { findKeyWithOwner, keyState } from '../access/access-key-store.ts';
import { MAX_AMOUNT } from '../access/safe-amount.ts';
import { epayConfig, paymentsConfigured, type EpayConfig } from './epay-config.ts';
import { isPayable, packOfPrice } from './top-up-offer.ts';
import { epaySign, fenToMoney } from './epay-sign.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Failure codes of createorder (1 is success). */
const failure = {
  paymentsOff: { code: 0, message: 'Payments are not configured on this server.' },
  unknownKey: { code: 2, message: 'Unknown, revoked or expired key.' },
  badType: { code: 3, message: 'This payment method is not offered.' },
  badPrice: { code: 4, message: 'No top-up pack has this price.' },
  badReturnUrl: { code: 5, message: 'The return address must be a page of this site.' },
  tooMuchQuota: { code: 6, message: 'This pack would take the key past the largest quota kept exactly; ask the operator.' },
} satisfies Record<string, CreateOrderResponse>;

/** Only back to our own pages: the gateway must not become a redirector to any address a caller names. */
const isOwnPage = (returnUrl: string, publicUrl: string) => new URL(returnUrl).origin === new URL(publicUrl).origin;

const newOrderId = () => `PL${Date.now()}${randomBytes(8).toString('hex')}`;

/**
 * `createorder`: a pending order for one configured pack, paid by the key's owner. The client's
 * payId is unique per key, so a repeated request (a double click, a retry) answers the same order.
 */
export async function createOrder(ctx: AppContext, body: CreateOrderRequest): Promise<CreateOrderResponse> {
  if (!paymentsConfigured(ctx.env)) return failure.paymentsOff;
  const found = await findKeyWithOwner(ctx.db, body.apikey.replace(/\s+/g, ''));
  if (!found || keyState(found.key) !== 'active') return failure.unknownKey;
  const { type } = body;
  if (!isPayable(ctx, type)) return failure.badType;
  const config = epayConfig(ctx.env, type)!;
  const pack = packOfPrice(ctx, body.price);
  if (!pack) return failure.badPrice;
  if (!isOwnPage(body.returnUrl, config.publicUrl)) return failure.badReturnUrl;
  // Refused before anyone pays: a paid order must always be creditable.
  if (found.key.quota > MAX_AMOUNT - pack.quota) return failure.tooMuchQuota;
  await ctx.db
    .insert(orders)
    .values({
      id: newOrderId(),
      payId: body.payId,
      userId: found.owner.id,
      accessKeyId: found.key.id,
      type,
      price: Math.round(pack.price * 100),
      quota: pack.quota,
      returnUrl: body.returnUrl,
    })
    .onConflictDoNothing({ target: [orders.accessKeyId, orders.payId] });
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.accessKeyId, found.key.id), eq(orders.payId, body.payId)));
  ctx.log.info({ orderId: order!.id, keyId: found.key.id, price: pack.price, quota: pack.quota }, 'top-up order created');
  return { code: ORDER_OK, data: { orderId: order!.id } };
}

/** What the gateway's page says is bought (the payer reads it in the WeChat or Alipay app). */
const itemNames: Record<OrderRow['purpose'], string> = { new_key: '新密钥额度', key_topup: '额度', credits: '积分' };

/** The gateway's payment page for an order: `EPAY_URL/submit.php` with the signed parameters. */
export function gatewayUrl(config: EpayConfig, order: OrderRow, appTitle: string): string {
  const params: Record<string, string> = {
    pid: config.pid,
    type: payTypes[order.type as keyof typeof payTypes] ?? 'alipay',
    out_trade_no: order.id,
    notify_url: config.notifyUrl,
    return_url: order.returnUrl ?? '',
    name: `${appTitle} ${itemNames[order.purpose]} ${order.quota}`,
    money: fenToMoney(order.price),
  };
  const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')), sign: epaySign(params, config.key), sign_type: 'MD5' });
  return `${config.url}/submit.php?${query.toString()}`;
}

export async function findOrder(ctx: AppContext, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}
