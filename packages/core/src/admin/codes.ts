import { z } from 'zod';
import { adminPageQuerySchema } from './page.ts';

/**
 * A redemption code (兑换码): 20 characters of Crockford's base32 (no I, L, O, U: nothing to
 * misread), 100 random bits, written in four groups of five (`7K3QD-…`). Typed codes are
 * upper-cased and stripped of spaces and dashes before they are checked.
 */
export const REDEMPTION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REDEMPTION_CODE_LENGTH = 20;
export const REDEMPTION_CODE_PREFIX_LENGTH = 5;

export function normalizeRedemptionCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export function isRedemptionCode(normalized: string): boolean {
  return normalized.length === REDEMPTION_CODE_LENGTH && [...normalized].every((c) => REDEMPTION_CODE_ALPHABET.includes(c));
}

/** The largest batch of codes or keys made at once (the CSV of a batch is its only copy). */
export const BATCH_MAX = 500;
const quota = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const days = z.number().int().min(1).max(36_500);

export const CODE_KINDS = ['topup', 'new-key'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** `POST /api/admin/codes`: a batch of one-time codes. */
export const createCodesRequestSchema = z.object({
  count: z.number().int().min(1).max(BATCH_MAX),
  kind: z.enum(CODE_KINDS),
  quota,
  /** Days until the codes expire; none: never. */
  validDays: days.optional(),
  /** Lifetime of a `new-key` code's key; none: it never expires. */
  keyDays: days.optional(),
  note: z.string().trim().max(200).optional(),
});
export type CreateCodesRequest = z.infer<typeof createCodesRequestSchema>;

export const CODE_STATES = ['unused', 'redeemed', 'expired', 'disabled'] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const adminCodeSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  prefix: z.string(),
  kind: z.enum(CODE_KINDS),
  quota: z.number().int(),
  keyDays: z.number().int().nullable(),
  note: z.string().nullable(),
  state: z.enum(CODE_STATES),
  expiresAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  /** The prefix of the key it topped up or made. */
  redeemedKeyPrefix: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;

export const adminCodePageSchema = z.object({ items: z.array(adminCodeSchema), total: z.number().int() });
export type AdminCodePage = z.infer<typeof adminCodePageSchema>;

/** `GET /api/admin/codes`: `q` searches the code prefix, batch id and note. */
export const adminCodesQuerySchema = adminPageQuerySchema.extend({
  state: z.enum(CODE_STATES).or(z.literal('')).optional(),
});
export type AdminCodesQuery = z.infer<typeof adminCodesQuerySchema>;

/** The new batch: its codes in clear, this once. */
export const createdCodesSchema = z.object({ batchId: z.string(), codes: z.array(z.object({ code: z.string(), prefix: z.string() })), expiresAt: z.string().nullable() });
export type CreatedCodes = z.infer<typeof createdCodesSchema>;

/** `POST /api/redeem`: a visitor's code, with their key when they top it up. */
export const redeemCodeRequestSchema = z.object({
  code: z.string().max(100),
  apikey: z.string().max(200).optional(),
});
export type RedeemCodeRequest = z.infer<typeof redeemCodeRequestSchema>;

export const redeemCodeResponseSchema = z.discriminatedUnion('kind', [
  /** Added to the key presented; its remaining quota now. */
  z.object({ kind: z.literal('topup'), added: z.number().int(), quota: z.number().int() }),
  /** A new key, shown this once. */
  z.object({ kind: z.literal('new-key'), key: z.string(), quota: z.number().int(), expiresAt: z.string().nullable() }),
]);
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponseSchema>;
