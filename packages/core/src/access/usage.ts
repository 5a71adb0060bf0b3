import { z } from 'zod';

/**
 * The `password` of the usage calls: a fixed value the client sends (SPEC point 7). It is not a
 * secret and the server does not check it; the key itself authenticates.
 */
export const USAGE_CLIENT_PASSWORD = 'parley-usage';

const password = z.string().max(200);
/** An unknown, malformed or revoked key is not a validation error here: it answers usage 0 / a failure code. */
const apikey = z.string().max(200);

/** `POST /api/ask/usage/getusage`. */
export const getUsageRequestSchema = z.object({ password, apikey });
export type GetUsageRequest = z.infer<typeof getUsageRequestSchema>;

/** The remaining quota (额度) of the key; 0 for an unknown or revoked key. */
export const getUsageResponseSchema = z.object({ usage: z.number().int().nonnegative() });
export type GetUsageResponse = z.infer<typeof getUsageResponseSchema>;

/** Payment methods of an order: 1 WeChat Pay, 2 Alipay (SPEC point 3), and their epay names. */
export const payTypes = { 1: 'wxpay', 2: 'alipay' } as const;
export type PayType = keyof typeof payTypes;
export const payTypeSchema = z.union([z.literal(1), z.literal(2)]);

/** A top-up pack: `quota` calls' worth for `price` yuan (SPEC point 9: 1000 for ¥20, 3000 for ¥50). */
export const topUpPackSchema = z.object({
  quota: z.number().int().positive(),
  price: z.number().positive(),
  /** How long the quota lasts: a new key's lifetime, and what a top-up adds to a key's expiry; none: no limit. */
  days: z.number().int().positive().optional(),
});
export type TopUpPack = z.infer<typeof topUpPackSchema>;
export const DEFAULT_TOP_UP_PACKS: readonly TopUpPack[] = [
  { quota: 1000, price: 20 },
  { quota: 3000, price: 50 },
];

/**
 * `POST /api/ask/usage/createorder`. `type` and `price` may arrive as strings from a form. Any
 * number is well-formed here: an unoffered type or a price no pack has answers a failure code
 * (3, 4) with a message, not a validation error.
 */
export const createOrderRequestSchema = z.object({
  password,
  apikey,
  /** The client's idempotency id (a timestamp string in the original client): a repeat answers the same order. */
  payId: z.string().trim().min(1).max(64),
  type: z.coerce.number(),
  /** Yuan; must be the price of one of the configured packs. */
  price: z.coerce.number(),
  /** Where the gateway sends the payer back after paying: a page of this site (PUBLIC_URL's origin). */
  returnUrl: z.url({ protocol: /^https?$/ }).max(2048),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** `code: 1` is success; any other code carries a message (unknown key, price or type; payments off). */
export const ORDER_OK = 1;
export const createOrderResponseSchema = z.union([
  z.object({ code: z.literal(ORDER_OK), data: z.object({ orderId: z.string() }) }),
  z.object({ code: z.number().int().refine((c) => c !== ORDER_OK), message: z.string() }),
]);
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** The payment page of an order: `GET /pay/<orderId>` redirects to the gateway (open it in a new tab). */
export const payPagePath = (orderId: string) => `/pay/${encodeURIComponent(orderId)}`;
