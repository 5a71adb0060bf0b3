import { z } from 'zod';
import { limits } from './limits.ts';

/**
 * Validation rules shared by the auth forms and the auth routes. Messages are i18n keys
 * (`validation.*`); the web translates them, the API returns them in `data.fields`.
 */
const email = z
  .string({ error: 'validation.email.required' })
  .trim()
  .min(1, 'validation.email.required')
  .min(limits.email.min, 'validation.email.min')
  .max(limits.email.max, 'validation.email.max')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email.invalid');

const password = z
  .string({ error: 'validation.password.required' })
  .min(1, 'validation.password.required')
  .min(limits.password.min, 'validation.password.min')
  .max(limits.password.max, 'validation.password.max');

const name = z
  .string({ error: 'validation.name.required' })
  .trim()
  .min(1, 'validation.name.required')
  .min(limits.name.min, 'validation.name.min')
  .max(limits.name.max, 'validation.name.max');

const username = z
  .string()
  .trim()
  .max(limits.username.max, 'validation.username.max')
  .refine((v) => v.length === 0 || v.length >= limits.username.min, 'validation.username.min')
  .optional();

const confirmMatches = <T extends { password: string; confirm_password: string }>(v: T) =>
  v.password === v.confirm_password;
const confirmIssue = { message: 'validation.confirm.mismatch', path: ['confirm_password'] };

export const loginSchema = z.object({ email, password: z.string().min(1, 'validation.password.required') });

export const registerSchema = z
  .object({
    name,
    username,
    email,
    password,
    confirm_password: z.string({ error: 'validation.confirm.required' }),
  })
  .refine(confirmMatches, confirmIssue);

export const requestPasswordResetSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'validation.reset.token' }).min(1, 'validation.reset.token'),
    userId: z.string({ error: 'validation.reset.userId' }).min(1, 'validation.reset.userId'),
    password,
    confirm_password: z.string({ error: 'validation.confirm.required' }),
  })
  .refine(confirmMatches, confirmIssue);

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Field → first message key, for forms and for the API's `data.fields`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
