import { enterKeyResponseSchema } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** Checks a typed key before it is saved; an active one takes this browser's free conversations along. */
export const enterKey = (key: string) => apiJson('/api/access/enter-key', { body: { key }, schema: enterKeyResponseSchema, refreshOn401: false });
