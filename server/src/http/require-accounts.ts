import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Env } from '../config/env.ts';
import { AppError } from '../app/errors.ts';
import { accountsEnabled } from '../config/accounts-enabled.ts';

/**
 * preHandler for the routes that create, sign in or restore an account (register, login,
 * refresh, password reset, social sign-in): in `keys` mode they answer `accounts_disabled`
 * before any account is looked up, so no one can make the first (admin) account and chat unmetered.
 */
export function requireAccounts(env: Pick<Env, 'ACCESS_MODE'>): preHandlerAsyncHookHandler {
  return async function requireAccounts() {
    if (!accountsEnabled(env)) throw new AppError('accounts_disabled');
  };
}
