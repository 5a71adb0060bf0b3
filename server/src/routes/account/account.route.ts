import { changePasswordSchema, confirmsAccount, deleteAccountSchema, updateNameSchema, type AuthResponse, type User } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { authenticate, requireUser, type AuthUser } from '../../http/authenticate.ts';
import { clientInfo } from '../../http/client-info.ts';
import { keyedRateLimit } from '../../http/rate-limit.ts';
import { clearRefreshCookie, setRefreshCookie } from '../../http/refresh-cookie.ts';
import { presentUser } from '../../presenters/present-user.ts';
import { changePassword, renameAccount, requireAccountRow, signOutEverywhere } from '../../services/account/account-settings.ts';
import { deleteAccount } from '../../services/account/delete-account.ts';
import { signIn } from '../../services/auth/sign-in.ts';

/** An account's own settings; an access key's or a visitor's owner row has none (403). */
function requireAccount(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.access) throw new AppError('forbidden', 'Only an account has these settings.');
  return user;
}

/** The account settings of issue 29: name, password, sign out everywhere, delete the account. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  // A password is guessed no faster here than at the login form: the same budget, per account.
  const passwordLimit = keyedRateLimit({
    limiter: ctx.limiter,
    name: 'account-password',
    max: ctx.env.LOGIN_ACCOUNT_MAX,
    windowMs: ctx.env.LOGIN_WINDOW_MINUTES * 60_000,
    code: 'too_many_login_attempts',
  });

  app.patch('/api/user', { preHandler }, async (request): Promise<User> => {
    const user = requireAccount(request);
    const { name } = updateNameSchema.parse(request.body ?? {});
    return presentUser(await renameAccount(ctx, user.id, name));
  });

  // Every other login of the account ends; this device gets a fresh session in the answer.
  app.post('/api/user/password', { preHandler }, async (request, reply): Promise<AuthResponse> => {
    const user = requireAccount(request);
    const input = changePasswordSchema.parse(request.body ?? {});
    await passwordLimit(user.id);
    const row = await changePassword(ctx, user.id, input);
    request.log.info({ userId: user.id }, 'an account changed its password; its other sessions ended');
    const signedIn = await signIn(ctx, row, clientInfo(request));
    setRefreshCookie(ctx.env, reply, signedIn.refresh);
    return signedIn.answer;
  });

  app.post('/api/user/logout-everywhere', { preHandler }, async (request, reply) => {
    const user = requireAccount(request);
    await signOutEverywhere(ctx, user.id);
    clearRefreshCookie(ctx.env, reply);
    return { message: 'Signed out everywhere' };
  });

  app.post('/api/user/delete', { preHandler }, async (request, reply) => {
    const user = requireAccount(request);
    const input = deleteAccountSchema.parse(request.body ?? {});
    const row = await requireAccountRow(ctx, user.id);
    if (!confirmsAccount(input.confirm, row.email)) throw new AppError('validation', undefined, { fields: { confirm: 'validation.delete_confirm.mismatch' } });
    if (row.passwordHash) {
      await passwordLimit(user.id);
      if (!input.password || !(await ctx.passwords.verify(row.passwordHash, input.password))) throw new AppError('wrong_password');
    }
    const { files } = await deleteAccount(ctx, user.id);
    clearRefreshCookie(ctx.env, reply);
    return { message: 'Account deleted', files };
  });
}
