import { z } from 'zod';
import { limits } from '../auth/limits.ts';

/**
 * The account's own settings (issue 29): its name, its password, signing out everywhere and
 * deleting it. Messages are i18n keys (`validation.*`), as in the auth schemas.
 */
export const updateNameSchema = z.object({
  name: z
    .string({ error: 'validation.name.required' })
    .trim()
    .min(1, 'validation.name.required')
    .min(limits.name.min, 'validation.name.min')
    .max(limits.name.max, 'validation.name.max'),
});
export type UpdateNameBody = z.infer<typeof updateNameSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'validation.password.required' }).min(1, 'validation.password.required').max(limits.password.max, 'validation.password.max'),
    password: z
      .string({ error: 'validation.password.required' })
      .min(1, 'validation.password.required')
      .min(limits.password.min, 'validation.password.min')
      .max(limits.password.max, 'validation.password.max'),
    confirm_password: z.string({ error: 'validation.confirm.required' }).max(limits.password.max, 'validation.password.max'),
  })
  .refine((v) => v.password === v.confirm_password, { message: 'validation.confirm.mismatch', path: ['confirm_password'] });
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/**
 * Deleting the account: `confirm` is the account's email address typed again; an account with a
 * password gives it too, so a borrowed session alone cannot delete the account.
 */
export const deleteAccountSchema = z.object({
  confirm: z.string({ error: 'validation.delete_confirm.mismatch' }).trim().min(1, 'validation.delete_confirm.mismatch').max(limits.email.max, 'validation.delete_confirm.mismatch'),
  password: z.string().max(limits.password.max, 'validation.password.max').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

/** Whether the email typed into the delete confirmation names the account (as the unique index compares addresses). */
export const confirmsAccount = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();
