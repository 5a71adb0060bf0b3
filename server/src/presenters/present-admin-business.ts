import type { AdminCode, AdminKey, AdminOrder } from '@parley/core';
import type { AccessKeyRow } from '../services/access/access-key-store.ts';
import { keyState } from '../services/access/access-key-store.ts';
import { codeState, type RedemptionCodeRow } from '../services/codes/redemption-code-store.ts';
import type { OrderListRow } from '../services/payments/order-admin.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A key as the console lists it: never its hash. */
export function presentAdminKey(row: AccessKeyRow): AdminKey {
  return {
    id: row.id,
    prefix: row.prefix,
    note: row.label,
    state: keyState(row),
    quota: row.quota,
    used: row.used,
    models: row.models,
    rpm: row.rpm,
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A code as the console lists it: its prefix and state, never its hash. */
export function presentAdminCode(row: RedemptionCodeRow, redeemedKeyPrefix: string | null): AdminCode {
  return {
    id: row.id,
    batchId: row.batchId,
    prefix: row.prefix,
    kind: row.kind,
    quota: row.quota,
    keyDays: row.keyDays,
    note: row.note,
    state: codeState(row),
    expiresAt: iso(row.expiresAt),
    redeemedAt: iso(row.redeemedAt),
    redeemedKeyPrefix,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order as the console lists it: money in integer fen, never its return address. */
export function presentAdminOrder({ order, keyPrefix, accountEmail }: OrderListRow): AdminOrder {
  return {
    id: order.id,
    status: order.status,
    type: order.type,
    priceFen: order.price,
    quota: order.quota,
    keyId: order.accessKeyId,
    keyPrefix,
    accountEmail,
    tradeNo: order.tradeNo,
    failure: order.failure,
    refundedQuota: order.refundedQuota,
    refundReason: order.refundReason,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    refundedAt: iso(order.refundedAt),
  };
}
