import { createHash, randomBytes } from 'node:crypto';
import { orderPagePath, payPagePath, type CreatedOrder, type CreditsOrderRequest, type KeyOrderRequest, type PayType, type TopUpPack } from '@parley/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { orders } from '../../db/schema.ts';
import { findKeyWithOwner } from '../access/access-key-store.ts';
import { accessKeyPrefix, generateAccessKey, hashAccessKey } from '../access/access-key-secret.ts';
import { MAX_AMOUNT } from '../access/safe-amount.ts';
import { readTokenBalance } from '../access/token-balance.ts';
import { encryptSecret } from '../crypto/secret-box.ts';
import { epayConfig } from './epay-config.ts';
import { isPayable, packOfPrice } from './top-up-offer.ts';

/** The secret kept by the buying browser (an httpOnly cookie): only its SHA-256 is stored. */
export const hashBrowserSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newBrowserSecret = () => randomBytes(32).toString('hex');
const newOrderId = () => `PL${Date.now()}${randomBytes(8).toString('hex')}`;

/** What a new order answers: where to pay, and the secret for the browser's cookie. */
export interface NewOrder extends CreatedOrder {
  browserSecret: string;
}

function pickOffer(ctx: AppContext, type: PayType, price: number): { pack: TopUpPack; type: PayType } {
  if (!isPayable(ctx, type)) throw new AppError('validation', 'This payment method is not offered.');
  const pack = packOfPrice(ctx, price);
  if (!pack) throw new AppError('validation', 'No top-up pack has this price.');
  return { pack, type };
}

type OrderInsert = typeof orders.$inferInsert;

/** Inserts the order with a fresh browser secret; a repeated payId of the same buyer answers the first order (and no secret). */
async function insertOrder(ctx: AppContext, values: Omit<OrderInsert, 'id' | 'browserSecretHash' | 'returnUrl'>, browserSecret: string, orderId = newOrderId()): Promise<NewOrder> {
  const publicUrl = epayConfig(ctx.env, values.type as PayType)!.publicUrl;
  const inserted = await ctx.db
    .insert(orders)
    .values({ ...values, id: orderId, browserSecretHash: hashBrowserSecret(browserSecret), returnUrl: `${publicUrl}${orderPagePath(orderId)}` })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (inserted.length === 0) throw new AppError('validation', 'This order was already placed; open it from the order page.');
  ctx.log.info({ orderId, purpose: values.purpose, price: values.price, quota: values.quota }, 'order created');
  return { orderId, payUrl: payPagePath(orderId), browserSecret };
}

/**
 * `POST /api/orders/key`: a new key (its secret drawn now, sealed with the browser's secret, and
 * made a key only when the payment arrives), or quota for a presented key that is not revoked
 * (an expired key is renewed by it). A pack that would take a key past MAX_AMOUNT is refused before
 * anyone pays: a paid order must always be creditable.
 */
export async function createKeyOrder(ctx: AppContext, body: KeyOrderRequest): Promise<NewOrder> {
  const { pack, type } = pickOffer(ctx, body.type, body.price);
  const browserSecret = newBrowserSecret();
  const common = { payId: body.payId, type, price: Math.round(pack.price * 100), quota: pack.quota, days: pack.days ?? null };
  if (!body.apikey) {
    const orderId = newOrderId();
    const key = generateAccessKey();
    return insertOrder(
      ctx,
      { ...common, purpose: 'new_key', newKeyHash: hashAccessKey(key), newKeyPrefix: accessKeyPrefix(key), sealedKey: encryptSecret(browserSecret, key, orderId) },
      browserSecret,
      orderId,
    );
  }
  const found = await findKeyWithOwner(ctx.db, body.apikey);
  if (!found || found.key.status !== 'active') throw new AppError('invalid_api_key');
  if (found.key.quota > MAX_AMOUNT - pack.quota) throw new AppError('validation', 'This pack would take the key past the largest quota kept exactly; ask the operator.');
  const [existing] = await ctx.db.select({ id: orders.id }).from(orders).where(and(eq(orders.accessKeyId, found.key.id), eq(orders.payId, body.payId)));
  if (existing) throw new AppError('validation', 'This order was already placed; open it from the order page.');
  return insertOrder(ctx, { ...common, purpose: 'key_topup', userId: found.owner.id, accessKeyId: found.key.id }, browserSecret);
}

/** `POST /api/orders/credits`: token credits for a signed-in account, CREDITS_PER_YUAN per yuan of the pack. */
export async function createCreditsOrder(ctx: AppContext, userId: string, body: CreditsOrderRequest): Promise<NewOrder> {
  if (!ctx.env.CHECK_BALANCE) throw new AppError('not_found', 'This server does not count credits.');
  const { pack, type } = pickOffer(ctx, body.type, body.price);
  const fen = Math.round(pack.price * 100);
  const credits = (fen * ctx.env.CREDITS_PER_YUAN) / 100;
  if (!Number.isSafeInteger(credits) || (await readTokenBalance(ctx.db, userId, ctx.env.START_BALANCE)) > MAX_AMOUNT - credits) {
    throw new AppError('validation', 'This pack would take the balance past the largest amount kept exactly; ask the operator.');
  }
  return insertOrder(ctx, { payId: body.payId, type, price: fen, quota: credits, days: null, purpose: 'credits', userId }, newBrowserSecret());
}
