import { loginSchema, registerSchema } from '@parley/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { keyedRateLimit, rateLimit } from '../../http/rate-limit.ts';
import { registerUser, verifyCredentials } from '../../services/auth/account-service.ts';
import { refreshAccess } from '../../services/auth/refresh-access.ts';
import { signIn, type SignedIn } from '../../services/auth/sign-in.ts';
import { endSession } from '../../services/sessions/session-service.ts';
import { clientInfo } from '../../http/client-info.ts';
import { requireAccounts } from '../../http/require-accounts.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../../http/refresh-cookie.ts';

const minutes = (n: number) => n * 60_000;

function answerSignedIn(ctx: AppContext, reply: FastifyReply, signedIn: SignedIn) {
  setRefreshCookie(ctx.env, reply, signedIn.refresh);
  return signedIn.answer;
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { env, limiter } = ctx;
  const accounts = requireAccounts(env);
  const loginLimit = rateLimit({
    limiter,
    name: 'login',
    max: env.LOGIN_MAX,
    windowMs: minutes(env.LOGIN_WINDOW_MINUTES),
    code: 'too_many_login_attempts',
  });
  // Per account too: a client that can choose its address (or owns many) still gets few guesses.
  const accountLimit = keyedRateLimit({
    limiter,
    name: 'login-account',
    max: env.LOGIN_ACCOUNT_MAX,
    windowMs: minutes(env.LOGIN_WINDOW_MINUTES),
    code: 'too_many_login_attempts',
  });
  const registerLimit = rateLimit({
    limiter,
    name: 'register',
    max: env.REGISTER_MAX,
    windowMs: minutes(env.REGISTER_WINDOW_MINUTES),
    code: 'too_many_registrations',
  });

  app.post('/api/auth/register', { preHandler: [accounts, registerLimit] }, async (request, reply) => {
    if (!env.ALLOW_REGISTRATION) throw new AppError('registration_disabled');
    const input = registerSchema.parse(request.body ?? {});
    const user = await registerUser(ctx, input);
    return answerSignedIn(ctx, reply, await signIn(ctx, user, clientInfo(request)));
  });

  app.post('/api/auth/login', { preHandler: [accounts, loginLimit] }, async (request, reply) => {
    const input = loginSchema.parse(request.body ?? {});
    await accountLimit(input.email.trim().toLowerCase());
    const user = await verifyCredentials(ctx, input);
    return answerSignedIn(ctx, reply, await signIn(ctx, user, clientInfo(request)));
  });

  app.post('/api/auth/refresh', { preHandler: accounts }, async (request, reply) => {
    const outcome = await refreshAccess(ctx, readRefreshCookie(request), clientInfo(request));
    if (!outcome.ok) {
      clearRefreshCookie(env, reply);
      throw outcome.error;
    }
    return answerSignedIn(ctx, reply, outcome);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const presented = readRefreshCookie(request);
    if (presented) await endSession(ctx.db, presented);
    clearRefreshCookie(env, reply);
    return { message: 'Logout successful' };
  });
}
