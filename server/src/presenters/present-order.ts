import type { OrderPack, OrderView, PayType } from '@parley/core';
import type { orders } from '../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;

/** What every view of an order shows: the pack, how it is paid, and when; nothing of the gateway's or the buying browser's. */
export function presentOrderPack(row: OrderRow): OrderPack {
  return {
    id: row.id,
    purpose: row.purpose,
    price: row.price,
    quota: row.quota,
    days: row.days,
    type: row.type as PayType,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** What the buyer's key or account has now, and the new key while it may still be shown. */
export interface OrderExtras {
  key: string | null;
  keyShownUntil: Date | null;
  keyPrefix: string | null;
  balance: number | null;
  expiresAt: Date | null;
}

/** An order as its buying browser sees it: no hashes, no sealed key, no trade or gateway details. */
export function presentOrder(row: OrderRow, extras: OrderExtras): OrderView {
  return {
    ...presentOrderPack(row),
    paid: row.paidAt !== null,
    key: extras.key,
    keyShownUntil: extras.keyShownUntil?.toISOString() ?? null,
    keyPrefix: extras.keyPrefix,
    balance: extras.balance,
    expiresAt: extras.expiresAt?.toISOString() ?? null,
  };
}
