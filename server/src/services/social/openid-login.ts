import * as client from 'openid-client';
import type { Env } from '../../config/env.ts';
import type { SocialProfile } from '../users/user-service.ts';
import { SocialLoginError } from './social-login-error.ts';

export interface OpenIdChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Plain http is only tolerated for an issuer on this machine (tests, local development). */
export function isLoopbackIssuer(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

/** Each issuer's discovered configuration, kept by the app context for the process's life. */
export type OpenIdConfigurations = Map<string, Promise<client.Configuration>>;

export const createOpenIdConfigurations = (): OpenIdConfigurations => new Map();

/**
 * Discovery runs once per issuer and client; a failed discovery is forgotten so the next
 * login retries instead of failing until restart.
 */
function configuration(env: Env, configurations: OpenIdConfigurations): Promise<client.Configuration> {
  const issuer = env.OPENID_ISSUER!;
  const key = `${issuer}|${env.OPENID_CLIENT_ID}`;
  let pending = configurations.get(key);
  if (!pending) {
    pending = discover(env, issuer);
    configurations.set(key, pending);
    pending.catch(() => configurations.delete(key));
  }
  return pending;
}

async function discover(env: Env, issuer: string): Promise<client.Configuration> {
  const secret = env.OPENID_CLIENT_SECRET;
  const options = isLoopbackIssuer(issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
  try {
    const found = await client.discovery(new URL(issuer), env.OPENID_CLIENT_ID!, undefined, client.None(), options);
    const metadata = found.serverMetadata();
    // Without a secret the client is public (PKCE only). With one, Basic is the spec's default
    // method; body credentials only when the issuer advertises nothing else.
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = !secret
      ? client.None()
      : methods.includes('client_secret_basic')
        ? client.ClientSecretBasic(secret)
        : client.ClientSecretPost(secret);
    const config = new client.Configuration(metadata, env.OPENID_CLIENT_ID!, secret, auth);
    if (options) client.allowInsecureRequests(config);
    return config;
  } catch (error) {
    throw new SocialLoginError(`OpenID discovery at ${issuer} failed`, { cause: error });
  }
}

export async function openIdAuthorizationUrl(env: Env, configurations: OpenIdConfigurations, redirectUri: string, checks: OpenIdChecks): Promise<string> {
  const config = await configuration(env, configurations);
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: env.OPENID_SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/** Redeems the callback (state, nonce, PKCE and ID token checked by openid-client) and reads the account's claims. */
export async function openIdProfile(env: Env, configurations: OpenIdConfigurations, callbackUrl: URL, checks: OpenIdChecks): Promise<SocialProfile> {
  const config = await configuration(env, configurations);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    // Many issuers keep email and profile claims out of the ID token; userinfo has them.
    const userinfo = config.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
      : {};
    claims = { ...idClaims, ...userinfo };
  } catch (error) {
    throw new SocialLoginError(`OpenID code exchange failed: ${(error as Error).message}`, { cause: error });
  }
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  if (!email) throw new SocialLoginError('OpenID issuer did not share an email claim');
  const name = [claims.name, claims.preferred_username, email].find((v): v is string => typeof v === 'string' && v !== '');
  return {
    provider: 'openid',
    providerId: String(claims.sub),
    email,
    name: name!,
    avatar: typeof claims.picture === 'string' ? claims.picture : null,
    emailVerified: claims.email_verified === true,
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The OpenID issuer's discovered configuration, fetched on the first OpenID login. */
    openIdConfigurations: OpenIdConfigurations;
  }
}
