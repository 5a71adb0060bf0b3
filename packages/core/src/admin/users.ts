import { z } from 'zod';
import { adminPageQuerySchema } from './page.ts';

/** An account as the console's Users section lists it (never its password or sessions). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  provider: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Set while a ban lasts. */
  bannedUntil: z.string().nullable(),
  banReason: z.string().nullable(),
  /** Token credits (CHECK_BALANCE); null until the account is first charged or credited. */
  balance: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserStatuses = ['all', 'active', 'banned', 'admin'] as const;

/** `GET /api/admin/users`: accounts only, searched by address or name. */
export const adminUsersQuerySchema = adminPageQuerySchema.extend({ status: z.enum(adminUserStatuses).default('all') });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** `POST /api/admin/users/:id/ban`: why, and until when (null: until lifted). */
export const banUserSchema = z.object({
  reason: z.string().trim().min(1).max(500),
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type BanUser = z.infer<typeof banUserSchema>;

/** `POST /api/admin/users/:id/credits`: token credits to add, a whole number. */
export const addCreditsSchema = z.object({ amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type AddCredits = z.infer<typeof addCreditsSchema>;

/** `POST /api/admin/users/:id/role`. */
export const setRoleSchema = z.object({ role: z.enum(['user', 'admin']) });

/** `POST /api/admin/users/:id/delete`: the account's address typed again, so a slip deletes nothing. */
export const deleteUserSchema = z.object({ confirmEmail: z.string().max(320) });

/** `POST /api/admin/users/:id/reset-link`: a one-time link for the admin to hand over privately. */
export const resetLinkAnswerSchema = z.object({ link: z.string(), expiresInMinutes: z.number() });
export type ResetLinkAnswer = z.infer<typeof resetLinkAnswerSchema>;

/** `POST /api/admin/users/:id/credits`: the balance after the addition. */
export const creditsAnswerSchema = z.object({ balance: z.number() });

export const userIdParamSchema = z.object({ id: z.string().min(1).max(64) });
