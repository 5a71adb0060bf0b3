import { z } from 'zod';
import type { UsageRecordView } from '../gateway/usage-record.ts';
import { adminPageQuerySchema } from './page.ts';

const text = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s ? s : undefined));
/** A day (`2026-11-27`, from its start in UTC) or an instant. */
const time = z.union([z.iso.date(), z.iso.datetime({ offset: true }), z.literal('')]).optional();

/** `GET /api/admin/usage`: every caller's records, filtered, newest first; `format=csv` streams the matching rows (at most USAGE_CSV_MAX). */
export const adminUsageQuerySchema = adminPageQuerySchema.extend({
  /** A key's prefix (`sk-Ab3d`). */
  key: text,
  /** An account's email. */
  account: text,
  model: text,
  channel: text,
  status: z.enum(['ok', 'error', 'cancelled']).or(z.literal('')).optional(),
  from: time,
  to: time,
  format: z.enum(['json', 'csv']).default('json'),
});
export type AdminUsageQuery = z.infer<typeof adminUsageQuerySchema>;

/** One call as the console shows it: the owner's view with who paid, the channel and the client address. */
export interface AdminUsageRecord extends UsageRecordView {
  keyPrefix: string | null;
  accountEmail: string | null;
  channel: string | null;
  clientIp: string | null;
}

/** At most this many rows go into one CSV export (the newest matching). */
export const USAGE_CSV_MAX = 100_000;
