import { z } from 'zod';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Lifetimes offered by the key dialog (SPEC points 4 and 9); 12 h is preselected. */
export const keyExpiryOptions = [
  { id: '30m', labelKey: 'keys.expiry.30m', ms: 30 * minute },
  { id: '2h', labelKey: 'keys.expiry.2h', ms: 2 * hour },
  { id: '12h', labelKey: 'keys.expiry.12h', ms: 12 * hour },
  { id: '1d', labelKey: 'keys.expiry.1d', ms: day },
  { id: '7d', labelKey: 'keys.expiry.7d', ms: 7 * day },
  { id: '30d', labelKey: 'keys.expiry.30d', ms: 30 * day },
] as const;
export const DEFAULT_KEY_EXPIRY = '12h';
export const MAX_KEY_LIFETIME_MS = 30 * day;
/** The dialog computes `now + 30 d` before the request travels; this much client clock lead is tolerated. */
export const KEY_EXPIRY_SKEW_MS = 5 * minute;

/** A key's `name` is an endpoint name; the server resolves it and answers `unknown_endpoint` for others. */
const keyName = z.string({ error: 'validation.key.name' }).trim().min(1, 'validation.key.name').max(64, 'validation.key.name');

/** `PUT /api/keys`. Whether the expiry lies in the allowed window is checked by `keyExpiryProblem`. */
export const saveKeySchema = z.object({
  name: keyName,
  value: z.string({ error: 'validation.key.required' }).trim().min(1, 'validation.key.required').max(20_000, 'validation.key.max'),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.key.expiresAt' }),
});
export type SaveKeyBody = z.infer<typeof saveKeySchema>;

/** `GET /api/keys?name=` and `DELETE /api/keys/:name`. */
export const keyNameSchema = z.object({ name: keyName });

/** `DELETE /api/keys?all=true` revokes every key of the caller (SPEC point 6). */
export const deleteAllKeysSchema = z.object({ all: z.literal('true') });

/** `GET /api/keys?name=` answers when the caller's key stops working, or null when there is none. */
export const keyStatusSchema = z.object({ expiresAt: z.string().nullable() });
export type KeyStatus = z.infer<typeof keyStatusSchema>;

/** `PUT /api/keys` answers the endpoint the key was stored for and when it stops working. */
export const savedKeySchema = keyStatusSchema.extend({ name: z.string() });
export type SavedKey = z.infer<typeof savedKeySchema>;

/** Why an expiry cannot be stored (an i18n key), or undefined when it is in the future and at most 30 days ahead. */
export function keyExpiryProblem(expiresAt: Date, now: number = Date.now()): string | undefined {
  const at = expiresAt.getTime();
  if (!Number.isFinite(at) || at <= now) return 'validation.key.expired';
  if (at > now + MAX_KEY_LIFETIME_MS + KEY_EXPIRY_SKEW_MS) return 'validation.key.tooLong';
  return undefined;
}

/** A stored key is usable only when it has an expiry and that expiry is still ahead (SPEC point 4). */
export function isKeyUsable(expiresAt: string | Date | null | undefined, now: number = Date.now()): boolean {
  if (!expiresAt) return false;
  return new Date(expiresAt).getTime() > now;
}
