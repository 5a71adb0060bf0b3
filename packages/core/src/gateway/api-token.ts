import { z } from 'zod';

/** A personal API token: `sk-at-` and 48 letters or digits (an access key has no second dash). */
export const API_TOKEN_PATTERN = /^sk-at-[A-Za-z0-9]{48}$/;
export const API_TOKEN_PREFIX = 'sk-at-';
/** Characters of a token kept in clear, to show it in the list (`sk-at-Ab3d`). */
export const API_TOKEN_SHOWN_LENGTH = 10;
export const API_TOKENS_PER_ACCOUNT_MAX = 50;
const MODEL_ID_MAX = 200;
const MODELS_MAX = 100;

export function isApiToken(value: string): boolean {
  return API_TOKEN_PATTERN.test(value);
}

/** `POST /api/user/tokens`. */
export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100),
  /** Days until it stops working; none: never. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
  /** The only model ids it may call; none or empty: every model its account may call. */
  models: z.array(z.string().trim().min(1).max(MODEL_ID_MAX)).max(MODELS_MAX).optional(),
  /** Requests per minute; none: no limit of its own. */
  rpm: z.number().int().min(1).max(100_000).nullable().optional(),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** A token as its account's list shows it: never the token itself. */
export const apiTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  models: z.array(z.string()).nullable(),
  rpm: z.number().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** The answer to a creation: the token, this once. */
export const createdApiTokenSchema = apiTokenViewSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenIdSchema = z.object({ id: z.string().min(1).max(64) });

export const revokedApiTokenSchema = z.object({ revoked: z.literal(true) });
