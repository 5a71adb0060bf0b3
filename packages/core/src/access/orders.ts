import { z } from 'zod';
import { accessKeySchema } from './access-key.ts';
import { payTypeSchema } from './usage.ts';

/** What an order buys: a new key, quota (and time) for a key, or token credits for an account. */
export const orderPurposes = ['new_key', 'key_topup', 'credits'] as const;
export type OrderPurpose = (typeof orderPurposes)[number];

const orderChoice = {
  /** The client's idempotency id: a repeat of the same request answers the same order. */
  payId: z.string().trim().min(1).max(64),
  type: payTypeSchema,
  /** Yuan; must be the price of one of the configured packs. */
  price: z.number().positive().max(1_000_000),
};

/**
 * `POST /api/orders/key`: without `apikey` a new key (anyone may buy one); with it, quota for
 * that key, also when it has expired (the pack renews it). The key in the body authenticates.
 */
export const keyOrderRequestSchema = z.object({ ...orderChoice, apikey: accessKeySchema.optional() });
export type KeyOrderRequest = z.infer<typeof keyOrderRequestSchema>;

/** `POST /api/orders/credits`: token credits for the signed-in account (CHECK_BALANCE). */
export const creditsOrderRequestSchema = z.object(orderChoice);
export type CreditsOrderRequest = z.infer<typeof creditsOrderRequestSchema>;

/** A created order: where to pay it (`/pay/<id>`, which redirects to the gateway). */
export const createdOrderSchema = z.object({ orderId: z.string(), payUrl: z.string() });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** What any view of an order shows of it: the pack bought, how it is paid, and when. */
export const orderPackSchema = z.object({
  id: z.string(),
  purpose: z.enum(orderPurposes),
  /** Fen. */
  price: z.number().int(),
  /** What the pack adds: quota for a key, credits for an account. */
  quota: z.number().int(),
  days: z.number().int().nullable(),
  type: payTypeSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderPack = z.infer<typeof orderPackSchema>;

/**
 * `GET /api/orders/:id`, for the browser that created the order only. `key` is the new key of a
 * paid `new_key` order, shown to that browser for 24 hours after payment (`keyShownUntil`);
 * `balance` is what the key or account has now, in quota or credits.
 */
export const orderViewSchema = orderPackSchema.extend({
  paid: z.boolean(),
  key: z.string().nullable(),
  keyShownUntil: z.string().nullable(),
  /** The key's prefix (`sk-Ab3d`) once the order names one. */
  keyPrefix: z.string().nullable(),
  balance: z.number().nullable(),
  expiresAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** The order page a gateway sends the payer back to. */
export const orderPagePath = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;

/** How long a paid new key is shown again on its order page, to the browser that bought it. */
export const NEW_KEY_SHOWN_MS = 24 * 3_600_000;

/** `POST /api/access/enter-key`: the key a visitor typed, checked before it is saved. */
export const enterKeyRequestSchema = z.object({ key: z.string().max(200) });

/**
 * `unknown`: no such key (or a revoked one), nothing saved; `expired`: a real key past its expiry
 * (renew it); `active`: saved, and `carried` conversations the visitor had moved to it.
 */
export const enterKeyResponseSchema = z.object({
  state: z.enum(['unknown', 'expired', 'active']),
  carried: z.number().int().nonnegative(),
  expiresAt: z.string().nullable(),
});
export type EnterKeyResponse = z.infer<typeof enterKeyResponseSchema>;
