import { z } from 'zod';
import { adminPageQuerySchema } from './page.ts';

/**
 * An order's state: pending (created, not paid yet), paid (the gateway confirmed the payment but
 * nothing could be credited; `failure` says why), credited (paid and its quota added), failed (the
 * gateway answered the trade failed), refunded (the operator took the quota back).
 */
export const ORDER_STATES = ['pending', 'paid', 'credited', 'failed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** `GET /api/admin/orders`: filters and a page; `q` searches the order id, trade number, key prefix and account email. */
export const adminOrdersQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(ORDER_STATES).or(z.literal('')).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** One order as the console shows it; money in integer fen. */
export const adminOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATES),
  /** 1 WeChat Pay, 2 Alipay. */
  type: z.number().int(),
  priceFen: z.number().int(),
  quota: z.number().int(),
  keyId: z.string().nullable(),
  keyPrefix: z.string().nullable(),
  accountEmail: z.string().nullable(),
  tradeNo: z.string().nullable(),
  failure: z.string().nullable(),
  refundedQuota: z.number().int().nullable(),
  refundReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = z.object({ items: z.array(adminOrderSchema), total: z.number().int() });
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** `POST /api/admin/orders/:id/refund`. */
export const refundOrderRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type RefundOrderRequest = z.infer<typeof refundOrderRequestSchema>;

/** What a re-query of a pending order found at the gateway. */
export const requeryOutcomes = ['credited', 'already-credited', 'not-paid', 'failed', 'not-creditable', 'gateway-error'] as const;
export const requeryOrderResponseSchema = z.object({ outcome: z.enum(requeryOutcomes), order: adminOrderSchema });
export type RequeryOrderResponse = z.infer<typeof requeryOrderResponseSchema>;

export const adminOrderIdSchema = z.object({ id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) });
