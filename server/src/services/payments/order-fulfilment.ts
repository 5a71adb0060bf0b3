import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accessKeys, orders, usageLedger, users } from '../../db/schema.ts';
import { addAccessKeyQuota, insertKeyWithOwner, type AccessKeyRow } from '../access/access-key-store.ts';
import type { OrderRow } from './order-service.ts';

const DAY_MS = 86_400_000;

/**
 * The renewal rule: a pack with days makes a key's quota last that much longer, counted from the
 * later of now and its expiry (an expired key comes back to life for `days`); a pack without days
 * sells quota without a time limit, so it lifts the expiry. A key without expiry keeps none.
 */
function renewedExpiry(key: Pick<AccessKeyRow, 'expiresAt'>, days: number | null, now: Date): Date | null {
  if (!key.expiresAt || days === null) return null;
  return new Date(Math.max(now.getTime(), key.expiresAt.getTime()) + days * DAY_MS);
}

/**
 * What a paid order buys, inside the settling transaction that holds the order's row lock (so it
 * runs once per order): the new key made from the hash drawn at order time, quota and time for a
 * key, or credits for an account (a never-charged one starting from START_BALANCE); each with its `topup` ledger row naming the order.
 */
export async function fulfilOrder(tx: Queryable, order: OrderRow, startBalance: number, now = new Date()): Promise<void> {
  if (order.purpose === 'new_key') {
    if (!order.newKeyHash || !order.newKeyPrefix) throw new Error(`order ${order.id} has no key drawn`);
    const key = await insertKeyWithOwner(tx, { keyHash: order.newKeyHash, prefix: order.newKeyPrefix }, { quota: order.quota, days: order.days ?? undefined }, now, { kind: 'topup', orderId: order.id });
    await tx.update(orders).set({ createdKeyId: key.id, accessKeyId: key.id, userId: key.userId }).where(eq(orders.id, order.id));
    return;
  }
  if (order.purpose === 'credits') {
    if (!order.userId) throw new Error(`order ${order.id} has no account`);
    await tx
      .update(users)
      .set({ balance: sql`coalesce(${users.balance}, ${startBalance})::bigint + ${order.quota}` })
      .where(eq(users.id, order.userId));
    await tx.insert(usageLedger).values({ userId: order.userId, kind: 'topup', amount: order.quota, orderId: order.id });
    return;
  }
  if (!order.accessKeyId) throw new Error(`order ${order.id} has no key`);
  await addAccessKeyQuota(tx, order.accessKeyId, order.quota, { kind: 'topup', orderId: order.id });
  const [key] = await tx.select({ expiresAt: accessKeys.expiresAt }).from(accessKeys).where(eq(accessKeys.id, order.accessKeyId));
  if (key?.expiresAt) await tx.update(accessKeys).set({ expiresAt: renewedExpiry(key, order.days, now) }).where(eq(accessKeys.id, order.accessKeyId));
}
