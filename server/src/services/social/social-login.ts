import type { SocialProvider } from '@parley/core';
import * as client from 'openid-client';
import type { AppContext } from '../../app/context.ts';
import type { SocialProfile } from '../users/user-service.ts';
import { authorizationUrl, exchangeCode } from './oauth2-client.ts';
import { oauth2Settings } from './oauth-provider-settings.ts';
import { openIdAuthorizationUrl, openIdProfile } from './openid-login.ts';
import type { LoginState } from './login-state.ts';
import { fetchSocialProfile } from './provider-profiles.ts';
import { SocialLoginError } from './social-login-error.ts';

/** The settings and the OpenID issuer's discovered configuration. */
type SocialContext = Pick<AppContext, 'env' | 'openIdConfigurations'>;

/** Fresh secrets for one login attempt and the provider URL to send the browser to. */
export async function beginSocialLogin(
  ctx: SocialContext,
  provider: SocialProvider,
  redirectUri: string,
): Promise<{ url: string; login: LoginState }> {
  const { env } = ctx;
  const login: LoginState = {
    provider,
    state: client.randomState(),
    codeVerifier: client.randomPKCECodeVerifier(),
    nonce: client.randomNonce(),
  };
  if (provider === 'openid') return { url: await openIdAuthorizationUrl(env, ctx.openIdConfigurations, redirectUri, login), login };
  const codeChallenge = await client.calculatePKCECodeChallenge(login.codeVerifier);
  return { url: authorizationUrl(oauth2Settings(env, provider), { redirectUri, state: login.state, codeChallenge }), login };
}

/**
 * Checks the provider's answer against the login that started it, redeems the code and reads
 * the account. Throws SocialLoginError naming the reason on any mismatch or upstream failure.
 */
export async function completeSocialLogin(
  ctx: SocialContext,
  provider: SocialProvider,
  redirectUri: string,
  query: URLSearchParams,
  login: LoginState | undefined,
): Promise<SocialProfile> {
  const { env } = ctx;
  const error = query.get('error');
  if (error) throw new SocialLoginError(`${provider} answered ${error}: ${query.get('error_description') ?? 'no description'}`);
  if (!login) throw new SocialLoginError(`${provider} callback without a valid login-state cookie`);
  if (login.provider !== provider) throw new SocialLoginError(`login started with ${login.provider}, callback for ${provider}`);
  if (query.get('state') !== login.state) throw new SocialLoginError(`${provider} callback state does not match`);
  const code = query.get('code');
  if (!code) throw new SocialLoginError(`${provider} callback without a code`);

  if (provider === 'openid') {
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = query.toString();
    return openIdProfile(env, ctx.openIdConfigurations, callbackUrl, login);
  }
  const settings = oauth2Settings(env, provider);
  const accessToken = await exchangeCode(settings, code, redirectUri, login.codeVerifier);
  return fetchSocialProfile(settings, accessToken);
}
