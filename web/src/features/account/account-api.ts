import { authResponseSchema, userSchema, type ChangePasswordBody, type DeleteAccountBody } from '@parley/core';
import { z } from 'zod';
import { apiJson } from '../../api/client.ts';

const done = z.object({ message: z.string() }).loose();

/** The account's own settings (issue 29). */
export const accountApi = {
  rename: (name: string) => apiJson('/api/user', { method: 'PATCH', body: { name }, schema: userSchema }),
  changePassword: (body: ChangePasswordBody) => apiJson('/api/user/password', { body, refreshOn401: false, schema: authResponseSchema }),
  logoutEverywhere: () => apiJson('/api/user/logout-everywhere', { method: 'POST', schema: done }),
  remove: (body: DeleteAccountBody) => apiJson('/api/user/delete', { body, schema: done }),
};
