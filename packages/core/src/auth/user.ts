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
