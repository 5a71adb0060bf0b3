import type { MyOrder, MyOrderPage } from '@parley/core';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextCursor, olderThan } from '../../db/newest-first-cursor.ts';
import { orders } from '../../db/schema.ts';
import { presentOrderPack } from '../../presenters/present-order.ts';

/** Whose orders: one key's (its top-ups, and the order that bought it), or an account's credits. */
export type OrderOwner = { kind: 'key'; keyId: string } | { kind: 'account'; userId: string };

type OrderRow = typeof orders.$inferSelect;

/** An order as its owner lists it: the pack, the state and the times. */
const listed = (row: OrderRow): MyOrder => ({ ...presentOrderPack(row), status: row.status });

function ownedBy(owner: OrderOwner): SQL {
  // A paid new-key order names its key as accessKeyId too (fulfilment sets both).
  if (owner.kind === 'key') return eq(orders.accessKeyId, owner.keyId);
  return and(eq(orders.userId, owner.userId), eq(orders.purpose, 'credits'))!;
}

/** One page of the owner's orders, newest first, after the `<createdAt ISO>|<id>` of the last one shown. */
export async function readMyOrders(db: Db, owner: OrderOwner, query: { limit: number; before?: string }): Promise<MyOrderPage> {
  const after = olderThan(orders.createdAt, orders.id, query.before);
  const rows = await db
    .select()
    .from(orders)
    .where(and(ownedBy(owner), after))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(listed);
  return { orders: page, nextBefore: nextCursor(rows.length, query.limit, page.at(-1)) };
}
