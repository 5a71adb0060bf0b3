import { z } from 'zod';
import { ORDER_STATES } from '../admin/orders.ts';
import { pageCursorSchema } from '../gateway/usage-record.ts';
import { orderPackSchema } from './orders.ts';

/** The longest span the "My usage" chart may ask for, in days. */
export const DAILY_SPEND_DAYS_MAX = 90;

/** A fixed UTC offset, `+08:00` or `-05:30` (east of Greenwich positive, as ISO 8601 writes it). */
export const UTC_OFFSET_PATTERN = /^[+-](0\d|1[0-4]):[0-5]\d$/;
const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** An IANA zone name this runtime knows (`Asia/Shanghai`, `UTC`). */
function isZoneName(value: string): boolean {
  if (!ZONE_NAME_PATTERN.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The caller's time zone, which decides where their days begin: an IANA name or a UTC offset. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((value) => UTC_OFFSET_PATTERN.test(value) || isZoneName(value), { message: 'An IANA time zone (Asia/Shanghai) or a UTC offset (+08:00).' });

/** `GET /api/usage/daily?days&tz`: the caller's own spend per day over the last `days` days, today included. */
export const dailySpendQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(DAILY_SPEND_DAYS_MAX).default(30),
  tz: timeZoneSchema.default('UTC'),
});
export type DailySpendQuery = z.infer<typeof dailySpendQuerySchema>;

/** One day of the caller's calls: what they were charged (in their balance's unit) and how many there were. */
export const daySpendSchema = z.object({
  /** `YYYY-MM-DD` in the asked time zone. */
  date: z.string(),
  charged: z.number().int(),
  calls: z.number().int(),
});
export type DaySpend = z.infer<typeof daySpendSchema>;

/** Every day of the span, oldest first, days without calls as zeros. */
export const dailySpendSchema = z.object({ days: z.array(daySpendSchema) });
export type DailySpend = z.infer<typeof dailySpendSchema>;

/** `GET /api/usage/orders?limit&before`: the caller's own orders, newest first. */
export const myOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: pageCursorSchema.optional(),
});

/** One of the caller's orders as "My usage" lists it: no trade number, secrets or gateway details. */
export const myOrderSchema = orderPackSchema.extend({ status: z.enum(ORDER_STATES) });
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrderPageSchema = z.object({
  orders: z.array(myOrderSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});
export type MyOrderPage = z.infer<typeof myOrderPageSchema>;
