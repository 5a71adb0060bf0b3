import { adminSessionSchema, type OperatorLogin } from '@parley/core';
import { apiFetch, apiJson } from '../../api/client.ts';

/** The ADMIN_PASSWORD operator's sign-in: the server sets the console cookie. */
export const operatorSignIn = (input: OperatorLogin) => apiJson('/api/operator/login', { schema: adminSessionSchema, body: input, refreshOn401: false });

export const operatorSignOut = () => apiFetch('/api/operator/logout', { method: 'POST', refreshOn401: false });
