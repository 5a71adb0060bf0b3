import type { AdminOrdersQuery, PayType, RequeryOrderResponse } from '@parley/core';
import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/contains.ts';
import { accessKeys, orders, usageLedger, users } from '../../db/schema.ts';
import { accountEmailColumn } from '../access/account-email.ts';
import { epayConfig } from './epay-config.ts';
import { queryGatewayTrade } from './epay-query.ts';
import type { OrderRow } from './order-service.ts';
import { settlePaidTrade } from './order-settler.ts';

/** An order with the prefix of its key and the email of its account (none for a key's own owner row). */
export interface OrderListRow {
  order: OrderRow;
  keyPrefix: string | null;
  accountEmail: string | null;
}


function selectOrders(db: Queryable) {
  return db
    .select({ order: orders, keyPrefix: accessKeys.prefix, accountEmail: accountEmailColumn })
    .from(orders)
    .leftJoin(accessKeys, eq(accessKeys.id, orders.accessKeyId))
    .leftJoin(users, eq(users.id, orders.userId));
}

/** A page of orders, newest first, filtered by state and by a search of id, trade number, key prefix or account email. */
export async function listOrders(db: Db, query: AdminOrdersQuery): Promise<{ rows: OrderListRow[]; total: number }> {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    search ? or(ilike(orders.id, search), ilike(orders.tradeNo, search), ilike(accessKeys.prefix, search), ilike(users.email, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectOrders(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(query.limit).offset(query.offset),
    db
      .select({ n: count() })
      .from(orders)
      .leftJoin(accessKeys, eq(accessKeys.id, orders.accessKeyId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOrderRow(db: Queryable, orderId: string): Promise<OrderListRow | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId));
  return row;
}

/**
 * Marks a paid order refunded, once: under the order's row lock, a credited order's quota is
 * taken back from its key (never below zero: what the key has left, at most the order's quota,
 * with a `reversal` ledger row), and the order records the reason and what was taken. A second
 * refund, or one of an unpaid order, is refused. Answers the order before and after.
 */
export async function refundOrder(db: Queryable, orderId: string, reason: string): Promise<{ before: OrderRow; after: OrderRow }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!before) throw new AppError('not_found', 'No such order.');
    if (before.status === 'refunded') throw new AppError('validation', 'This order is already refunded.');
    if (before.status !== 'credited' && before.status !== 'paid') throw new AppError('validation', 'Only a paid order can be refunded.');
    let taken = 0;
    if (before.status === 'credited' && before.accessKeyId) {
      const [key] = await tx.select({ quota: accessKeys.quota, userId: accessKeys.userId }).from(accessKeys).where(eq(accessKeys.id, before.accessKeyId)).for('update');
      if (key) {
        taken = Math.min(key.quota, before.quota);
        if (taken > 0) {
          await tx.update(accessKeys).set({ quota: sql`${accessKeys.quota} - ${taken}`, updatedAt: sql`now()` }).where(eq(accessKeys.id, before.accessKeyId));
          await tx.insert(usageLedger).values({ userId: key.userId, accessKeyId: before.accessKeyId, kind: 'reversal', amount: taken, orderId });
        }
      }
    }
    const [after] = await tx
      .update(orders)
      .set({ status: 'refunded', refundedQuota: taken, refundReason: reason, refundedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'refunded')))
      .returning();
    return { before, after: after! };
  });
}

const outcomeOf = {
  credited: 'credited',
  'already credited': 'already-credited',
  'not creditable': 'not-creditable',
} as const;

/**
 * The "paid but not credited" case: asks the gateway about a pending (or failed) order and, when
 * it was paid, credits it through the notification's own settle path, so a notification racing
 * the re-query still credits once. Answers what happened.
 */
export async function requeryOrder(ctx: AppContext, orderId: string): Promise<RequeryOrderResponse['outcome']> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', 'No such order.');
  // Asked of the gateway of the order's own method (each method may have its own).
  const config = epayConfig(ctx.env, order.type as PayType);
  if (!config) throw new AppError('not_found', 'Payments are not configured on this server.');
  if (order.status !== 'pending' && order.status !== 'failed') return order.status === 'paid' ? 'not-creditable' : 'already-credited';
  let trade;
  try {
    trade = await queryGatewayTrade(config, orderId);
  } catch (error) {
    ctx.log.warn({ err: error, orderId }, 'order re-query: the gateway did not answer');
    return 'gateway-error';
  }
  if (!trade.paid) {
    ctx.log.info({ orderId, reason: trade.reason }, 'order re-query: not paid');
    return 'not-paid';
  }
  const outcome = await settlePaidTrade(ctx, { orderId, tradeNo: trade.tradeNo, fen: trade.fen });
  if (outcome in outcomeOf) return outcomeOf[outcome as keyof typeof outcomeOf];
  ctx.log.warn({ orderId, outcome }, 'order re-query: the paid trade was not credited');
  return 'failed';
}
