import { APP_VERSION, endpointOrder, type StartupConfig } from '@parley/core';
import { accountsEnabled } from '../config/accounts-enabled.ts';
import type { Env } from '../config/env.ts';
import type { EffectiveSettings } from '../services/business-settings/business-settings.ts';
import { endpointSettings } from '../services/endpoints/endpoint-settings.ts';
import { payableMethods, paymentsConfigured } from '../services/payments/epay-config.ts';
import { enabledSocialProviders } from '../services/social-providers.ts';

/** Each endpoint's `X_MODEL_ALIASES`, so the model picker names the model that really answers. */
function operatorAliases(env: Env): StartupConfig['modelAliases'] {
  const entries = endpointOrder.map((endpoint) => [endpoint, endpointSettings(env, endpoint).aliases] as const);
  return Object.fromEntries(entries.filter(([, aliases]) => Object.keys(aliases).length > 0));
}

/** The public subset of the settings (STYLE 4): what the web needs to draw itself, never a secret; prices and packs as the operator's settings have them now. */
export function presentStartupConfig(env: Env, settings: EffectiveSettings): StartupConfig {
  const accounts = accountsEnabled(env);
  const social = accounts ? enabledSocialProviders(env) : [];
  return {
    appTitle: env.APP_TITLE,
    loginEnabled: accounts,
    registrationEnabled: accounts && env.ALLOW_REGISTRATION,
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
    freeCallsPerDay: settings.freeCallsPerDay,
    topUpPacks: settings.topUpPacks,
    payMethods: paymentsConfigured(env) ? payableMethods(env) : env.PAY_METHODS,
    creditsPerYuan: env.CREDITS_PER_YUAN,
    paymentsEnabled: paymentsConfigured(env),
    modelAliases: operatorAliases(env),
    modelDisplayNames: settings.displayNames,
    announcement: settings.announcement,
  };
}
