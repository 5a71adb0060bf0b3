import { timingSafeEqual } from 'node:crypto';
import { NEW_KEY_SHOWN_MS, type OrderView } from '@parley/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { accessKeys, orders } from '../../db/schema.ts';
import { presentOrder, type OrderExtras } from '../../presenters/present-order.ts';
import { readTokenBalance } from '../access/token-balance.ts';
import { decryptSecret, DecryptError } from '../crypto/secret-box.ts';
import { hashBrowserSecret } from './buyer-orders.ts';
import type { OrderRow } from './order-service.ts';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The new key of a paid order while its 24 hours last; after them the sealed copy is wiped. */
async function shownKey(ctx: AppContext, order: OrderRow, browserSecret: string, now: Date): Promise<{ key: string | null; until: Date | null }> {
  if (order.purpose !== 'new_key' || !order.paidAt || !order.sealedKey) return { key: null, until: null };
  const until = new Date(order.paidAt.getTime() + NEW_KEY_SHOWN_MS);
  if (now >= until) {
    await ctx.db.update(orders).set({ sealedKey: null }).where(eq(orders.id, order.id));
    ctx.log.info({ orderId: order.id }, "a new key's showing ended: its sealed copy is wiped");
    return { key: null, until: null };
  }
  try {
    return { key: decryptSecret(browserSecret, order.sealedKey, order.id), until };
  } catch (error) {
    if (!(error instanceof DecryptError)) throw error;
    ctx.log.warn({ orderId: order.id }, 'the sealed key of an order did not open with its browser secret');
    return { key: null, until: null };
  }
}

async function balanceOf(ctx: AppContext, order: OrderRow): Promise<Pick<OrderExtras, 'balance' | 'expiresAt' | 'keyPrefix'>> {
  if (order.purpose === 'credits') return { balance: order.userId ? await readTokenBalance(ctx.db, order.userId, ctx.env.START_BALANCE) : null, expiresAt: null, keyPrefix: null };
  if (!order.accessKeyId) return { balance: null, expiresAt: null, keyPrefix: order.newKeyPrefix };
  const [key] = await ctx.db.select().from(accessKeys).where(eq(accessKeys.id, order.accessKeyId));
  return { balance: key?.quota ?? null, expiresAt: key?.expiresAt ?? null, keyPrefix: key?.prefix ?? order.newKeyPrefix };
}

/**
 * `GET /api/orders/:id` for the browser holding the order's secret (its cookie), and nobody else:
 * whether it is paid, what the key or account has now, and a new key for 24 hours after payment.
 * Undefined for an unknown order or another browser, which the route answers as not found.
 */
export async function viewOrder(ctx: AppContext, orderId: string, browserSecret: string | undefined, now = new Date()): Promise<OrderView | undefined> {
  if (!browserSecret) return undefined;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.browserSecretHash || !sameHash(order.browserSecretHash, hashBrowserSecret(browserSecret))) return undefined;
  const { key, until } = await shownKey(ctx, order, browserSecret, now);
  return presentOrder(order, { key, keyShownUntil: until, ...(await balanceOf(ctx, order)) });
}
