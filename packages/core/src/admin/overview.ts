import { z } from 'zod';

/** `GET /api/admin/overview?days=1|7|30`: today, the last 7 or the last 30 days (in TZ). */
export const overviewQuerySchema = z.object({ days: z.coerce.number().pipe(z.union([z.literal(1), z.literal(7), z.literal(30)])).default(7) });

const dayFigures = z.object({
  /** `YYYY-MM-DD` in TZ. */
  day: z.string(),
  calls: z.number(),
  errors: z.number(),
  tokens: z.number(),
  quotaSpent: z.number(),
  quotaSold: z.number(),
  /** Paid orders' money, in fen (¥0.01). */
  revenueFen: z.number(),
});

export const overviewSchema = z.object({
  days: z.number(),
  /** The period's first instant. */
  from: z.string(),
  totals: dayFigures.omit({ day: true }).extend({ creditsSpent: z.number(), paidOrders: z.number() }),
  byDay: z.array(dayFigures),
  topModels: z.array(z.object({ model: z.string(), calls: z.number(), tokens: z.number() })),
  topKeys: z.array(z.object({ keyId: z.string(), prefix: z.string(), label: z.string().nullable(), calls: z.number(), quotaSpent: z.number() })),
  /** Calls and failed calls per upstream channel (its provider type beside it). */
  channels: z.array(z.object({ channel: z.string(), provider: z.string(), calls: z.number(), errors: z.number() })),
  /** Chat replies being streamed right now, on every instance. */
  liveStreams: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;
