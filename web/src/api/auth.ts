import {
  authResponseSchema,
  passwordResetAnswerSchema,
  type AuthResponse,
  type PasswordResetAnswer,
  type LoginInput,
  type RegisterInput,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
} from '@parley/core';
import { apiFetch, apiJson } from './client.ts';

/** Calls of the accounts API (see the auth contract); all answer JSON or throw ApiError. */
export const authApi = {
  login: (body: LoginInput): Promise<AuthResponse> =>
    apiJson('/api/auth/login', { body, refreshOn401: false, schema: authResponseSchema }),
  register: (body: RegisterInput): Promise<AuthResponse> =>
    apiJson('/api/auth/register', { body, refreshOn401: false, schema: authResponseSchema }),
  logout: async (): Promise<void> => {
    await apiFetch('/api/auth/logout', { method: 'POST', refreshOn401: false });
  },
  requestPasswordReset: (body: RequestPasswordResetInput): Promise<PasswordResetAnswer> =>
    apiJson('/api/auth/requestPasswordReset', { body, refreshOn401: false, schema: passwordResetAnswerSchema }),
  resetPassword: (body: ResetPasswordInput): Promise<PasswordResetAnswer> =>
    apiJson('/api/auth/resetPassword', { body, refreshOn401: false, schema: passwordResetAnswerSchema }),
};
