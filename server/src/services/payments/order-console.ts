import type { AdminOrder, AdminOrdersQuery, AdminPage, RequeryOrderResponse } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { Db } from '../../db/client.ts';
import { presentAdminOrder } from '../../presenters/present-admin-business.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConsoleCaller } from '../users/user-console.ts';
import { findOrderRow, listOrders, refundOrder, requeryOrder } from './order-admin.ts';

export async function listOrdersForConsole(db: Db, query: AdminOrdersQuery): Promise<AdminPage<AdminOrder>> {
  const { rows, total } = await listOrders(db, query);
  return { items: rows.map(presentAdminOrder), total };
}

const orderState = (o: { status: string; refundedQuota: number | null; refundReason: string | null }) => ({ status: o.status, refundedQuota: o.refundedQuota, refundReason: o.refundReason });

/** Marks a paid order refunded (its quota taken back, never below zero), recorded with the same transaction. */
export async function refundOrderFromConsole(db: Db, caller: ConsoleCaller, orderId: string, reason: string): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const { before, after } = await refundOrder(tx, orderId, reason);
    await recordAudit(tx, { ...caller, action: 'order.refund', target: orderId, before: orderState(before), after: orderState(after) });
    return presentAdminOrder((await findOrderRow(tx, orderId))!);
  });
}

/** Asks the gateway about a pending order and credits it once if it was paid; the re-query and its outcome are recorded. */
export async function requeryOrderFromConsole(ctx: AppContext, caller: ConsoleCaller, orderId: string): Promise<RequeryOrderResponse> {
  const before = await findOrderRow(ctx.db, orderId);
  if (!before) throw new AppError('not_found', 'No such order.');
  const outcome = await requeryOrder(ctx, orderId);
  const after = (await findOrderRow(ctx.db, orderId))!;
  await recordAudit(ctx.db, { ...caller, action: 'order.requery', target: orderId, before: { status: before.order.status }, after: { status: after.order.status, outcome } });
  return { outcome, order: presentAdminOrder(after) };
}
