import { requestPasswordResetSchema, resetPasswordSchema, type PasswordResetAnswer } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { requireAccounts } from '../../http/require-accounts.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { requestPasswordReset, resetMessages, resetPassword } from '../../services/passwords/password-reset.ts';

/** Each request mails someone, so a script must not turn us into a mail cannon. */
const RESET_REQUEST_MAX = 5;
const RESET_REQUEST_WINDOW_MS = 15 * 60_000;

export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  const resetLimit = rateLimit({
    limiter: ctx.limiter,
    name: 'password-reset',
    max: RESET_REQUEST_MAX,
    windowMs: RESET_REQUEST_WINDOW_MS,
    code: 'rate_limited',
  });
  // Like login (a guess at a token per request), on its own counter.
  const resetPasswordLimit = rateLimit({
    limiter: ctx.limiter,
    name: 'reset-password',
    max: ctx.env.LOGIN_MAX,
    windowMs: ctx.env.LOGIN_WINDOW_MINUTES * 60_000,
    code: 'rate_limited',
  });
  const accounts = requireAccounts(ctx.env);

  app.post('/api/auth/requestPasswordReset', { preHandler: [accounts, resetLimit] }, async (request) => {
    const { email } = requestPasswordResetSchema.parse(request.body ?? {});
    return requestPasswordReset(ctx, email);
  });

  app.post('/api/auth/resetPassword', { preHandler: [accounts, resetPasswordLimit] }, async (request): Promise<PasswordResetAnswer> => {
    const input = resetPasswordSchema.parse(request.body ?? {});
    await resetPassword(ctx, input);
    return { message: resetMessages.passwordReset };
  });
}
