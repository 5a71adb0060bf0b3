import { socialProviders, type SocialProvider } from '@parley/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { startSession } from '../../services/sessions/session-service.ts';
import { clientInfo } from '../../http/client-info.ts';
import { requireAccounts } from '../../http/require-accounts.ts';
import { setRefreshCookie } from '../../http/refresh-cookie.ts';
import { LOGIN_STATE_TTL_SECONDS, openLoginState, sealLoginState } from '../../services/social/login-state.ts';
import { beginSocialLogin, completeSocialLogin } from '../../services/social/social-login.ts';
import { SocialLoginError } from '../../services/social/social-login-error.ts';
import { enabledSocialProviders } from '../../services/social-providers.ts';
import { findOrCreateSocialUser, isBanned, SocialEmailConflictError } from '../../services/users/user-service.ts';

const LOGIN_STATE_COOKIE = 'oauth_state';
const FAILURE_REDIRECT = '/login?error=social_login_failed';
const SUCCESS_REDIRECT = '/chat/new';

const params = z.object({ provider: z.enum(socialProviders) });

/** Social sign-in: `/oauth/<provider>` sends the browser away, `/oauth/<provider>/callback` brings it back signed in. */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { env } = ctx;
  const accounts = requireAccounts(env);
  const publicUrl = (request: FastifyRequest) => env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const callbackUrl = (request: FastifyRequest, provider: SocialProvider) =>
    `${publicUrl(request).replace(/\/$/, '')}/oauth/${provider}/callback`;
  // Lax, not Strict: the callback arrives as a top-level navigation from the provider's site.
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/oauth',
    secure: publicUrl(request).startsWith('https:'),
  });

  function enabledProvider(request: FastifyRequest): SocialProvider {
    const parsed = params.safeParse(request.params);
    if (!parsed.success || !enabledSocialProviders(env).includes(parsed.data.provider)) throw new AppError('not_found');
    return parsed.data.provider;
  }

  /** Expected failures (provider said no, bad state, unverified address) are warnings; anything else is a fault of ours. */
  function fail(request: FastifyRequest, reply: FastifyReply, provider: SocialProvider, error: unknown) {
    const expected = error instanceof SocialLoginError || error instanceof SocialEmailConflictError;
    const cause = (error as Error).cause;
    const details = { provider, reason: (error as Error).message, cause: cause instanceof Error ? cause.message : cause };
    if (expected) request.log.warn(details, 'social login failed');
    else request.log.error({ ...details, err: error }, 'social login failed');
    return reply.redirect(FAILURE_REDIRECT);
  }

  app.get('/oauth/:provider', { preHandler: accounts }, async (request, reply) => {
    const provider = enabledProvider(request);
    try {
      const { url, login } = await beginSocialLogin(ctx, provider, callbackUrl(request, provider));
      const sealed = await sealLoginState(ctx.secrets.jwtSecret, login);
      reply.setCookie(LOGIN_STATE_COOKIE, sealed, { ...cookieOptions(request), maxAge: LOGIN_STATE_TTL_SECONDS });
      return reply.redirect(url);
    } catch (error) {
      return fail(request, reply, provider, error);
    }
  });

  app.get('/oauth/:provider/callback', { preHandler: accounts }, async (request, reply) => {
    const provider = enabledProvider(request);
    const login = await openLoginState(ctx.secrets.jwtSecret, request.cookies[LOGIN_STATE_COOKIE]);
    // One login state per attempt: whatever the outcome, it cannot be replayed.
    reply.clearCookie(LOGIN_STATE_COOKIE, cookieOptions(request));
    const query = new URLSearchParams(request.query as Record<string, string>);
    try {
      const profile = await completeSocialLogin(ctx, provider, callbackUrl(request, provider), query, login);
      const user = await findOrCreateSocialUser(ctx.db, profile, ctx.env.ADMIN_EMAILS);
      if (isBanned(user)) return reply.redirect('/login?error=banned');
      setRefreshCookie(env, reply, await startSession(ctx.db, user.id, clientInfo(request)));
      return reply.redirect(SUCCESS_REDIRECT);
    } catch (error) {
      return fail(request, reply, provider, error);
    }
  });
}
