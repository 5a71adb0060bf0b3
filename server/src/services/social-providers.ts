import { socialProviders, type SocialProvider } from '@parley/core';
import type { Env } from '../config/env.ts';

/** A social provider is offered when social login is allowed and its client is configured. */
export function enabledSocialProviders(env: Env): SocialProvider[] {
  if (!env.ALLOW_SOCIAL_LOGIN) return [];
  return socialProviders.filter((p) =>
    p === 'openid'
      ? Boolean(env.OPENID_ISSUER && env.OPENID_CLIENT_ID)
      : Boolean(env[`${p.toUpperCase()}_CLIENT_ID`] && env[`${p.toUpperCase()}_CLIENT_SECRET`]),
  );
}
