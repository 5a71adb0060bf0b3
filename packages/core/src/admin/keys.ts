import { z } from 'zod';
import { BATCH_MAX } from './codes.ts';
import { adminPageQuerySchema } from './page.ts';

export const KEY_STATES = ['active', 'revoked', 'expired'] as const;

/** `GET /api/admin/keys`: filters and a page. */
/** `q` searches the key prefix and note. */
export const adminKeysQuerySchema = adminPageQuerySchema.extend({
  state: z.enum(KEY_STATES).or(z.literal('')).optional(),
  /** Keys expiring within this many days (expired ones excluded). */
  expiresWithinDays: z.coerce.number().int().min(1).max(36_500).optional(),
  /** Keys with at most this much quota left. */
  quotaAtMost: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AdminKeysQuery = z.infer<typeof adminKeysQuerySchema>;

export const adminKeySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  note: z.string().nullable(),
  state: z.enum(KEY_STATES),
  quota: z.number().int(),
  used: z.number().int(),
  models: z.array(z.string()).nullable(),
  rpm: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminKey = z.infer<typeof adminKeySchema>;

export const adminKeyPageSchema = z.object({ items: z.array(adminKeySchema), total: z.number().int() });
export type AdminKeyPage = z.infer<typeof adminKeyPageSchema>;

const modelId = z.string().trim().min(1).max(200).regex(/^\S+$/);

/** `POST /api/admin/keys`: one key or a batch. */
export const createKeysRequestSchema = z.object({
  count: z.number().int().min(1).max(BATCH_MAX),
  quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  days: z.number().int().min(1).max(36_500).optional(),
  note: z.string().trim().max(200).optional(),
  models: z.array(modelId).min(1).max(100).optional(),
  rpm: z.number().int().min(1).max(1_000_000).optional(),
});
export type CreateKeysRequest = z.infer<typeof createKeysRequestSchema>;

/** The new keys in clear, this once (the CSV of a batch is made from this). */
export const createdKeysSchema = z.object({ keys: z.array(z.object({ key: z.string(), id: z.string(), prefix: z.string(), quota: z.number().int(), expiresAt: z.string().nullable() })) });
export type CreatedKeys = z.infer<typeof createdKeysSchema>;

export const addKeyQuotaRequestSchema = z.object({ amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const extendKeyRequestSchema = z.object({ days: z.number().int().min(1).max(36_500) });
