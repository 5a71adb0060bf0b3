import type { SocialProvider } from '@parley/core';
import type { Env } from '../../config/env.ts';

/** The four providers spoken to with plain OAuth 2.0; `openid` goes through discovery instead. */
export type OAuth2Provider = Exclude<SocialProvider, 'openid'>;

export interface OAuth2Settings {
  provider: OAuth2Provider;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
}

const defaults: Record<OAuth2Provider, Omit<OAuth2Settings, 'provider' | 'clientId' | 'clientSecret'>> = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
  },
  github: {
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    // `user:email` is what lets `/user/emails` reveal private and unverified addresses.
    scope: 'read:user user:email',
  },
  discord: {
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scope: 'identify email',
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me',
    scope: 'email public_profile',
  },
};

/** The provider's endpoints (real ones unless `<P>_AUTHORIZATION_URL`/`_TOKEN_URL`/`_USERINFO_URL` override them) and credentials. */
export function oauth2Settings(env: Env, provider: OAuth2Provider): OAuth2Settings {
  const prefix = provider.toUpperCase();
  const base = defaults[provider];
  return {
    provider,
    clientId: env[`${prefix}_CLIENT_ID`] ?? '',
    clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? '',
    authorizationUrl: env[`${prefix}_AUTHORIZATION_URL`] ?? base.authorizationUrl,
    tokenUrl: env[`${prefix}_TOKEN_URL`] ?? base.tokenUrl,
    userinfoUrl: env[`${prefix}_USERINFO_URL`] ?? base.userinfoUrl,
    scope: base.scope,
  };
}
