import { z } from 'zod';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
  provider: z.string(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  plugins: z.array(z.string()),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** `POST /api/auth/requestPasswordReset` and `/resetPassword`: a confirmation to show (SPEC point 8). */
export const passwordResetAnswerSchema = z.object({
  message: z.string(),
  /** Only when the server has no mail: the SPA shows the link itself. */
  link: z.string().optional(),
});
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;
