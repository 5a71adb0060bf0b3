import { APP_VERSION, type StartupConfig } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { AppContext } from '../../app/context.ts';
import { enabledSocialProviders } from '../../services/social-providers.ts';

function presentStartupConfig(env: Env): StartupConfig {
  const social = enabledSocialProviders(env);
  return {
    appTitle: env.APP_TITLE,
    registrationEnabled: env.ALLOW_REGISTRATION,
    emailEnabled: Boolean(env.SMTP_URL),
    socialLoginEnabled: env.ALLOW_SOCIAL_LOGIN && social.length > 0,
    googleLoginEnabled: social.includes('google'),
    facebookLoginEnabled: social.includes('facebook'),
    githubLoginEnabled: social.includes('github'),
    discordLoginEnabled: social.includes('discord'),
    openidLoginEnabled: social.includes('openid'),
    openidLabel: env.OPENID_BUTTON_LABEL,
    openidImageUrl: env.OPENID_IMAGE_URL,
    serverDomain: env.PUBLIC_URL ?? '',
    checkBalance: env.CHECK_BALANCE,
    searchEnabled: env.SEARCH,
    accessMode: env.ACCESS_MODE,
    buyKeyUrl: env.BUY_KEY_URL,
    lookupKeyUrl: env.LOOKUP_KEY_URL,
    version: APP_VERSION,
  };
}

export async function configRoutes(app: FastifyInstance, ctx: AppContext) {
  const body = presentStartupConfig(ctx.env);
  app.get('/api/config', async () => body);
}
