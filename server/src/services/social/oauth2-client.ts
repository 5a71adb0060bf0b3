import { z } from 'zod';
import type { OAuth2Settings } from './oauth-provider-settings.ts';
import { SocialLoginError } from './social-login-error.ts';

/** Upstream calls are bounded so a stalled provider cannot hold a request open. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** RFC 6749 §4.1.1 plus RFC 7636 S256 challenge. */
export function authorizationUrl(settings: OAuth2Settings, request: AuthorizationRequest): string {
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

const tokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });
const errorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * RFC 6749 §4.1.3. Credentials go in the body, the one method all four providers accept.
 * GitHub answers errors with status 200 and answers form-encoded unless JSON is asked for,
 * so the body is read as JSON and checked for `error` whatever the status.
 */
export async function exchangeCode(
  settings: OAuth2Settings,
  code: string,
  redirectUri: string,
  codeVerifier: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SocialLoginError(`${settings.provider} token endpoint unreachable`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => undefined);
  const failure = errorResponse.safeParse(body);
  if (failure.success) {
    const detail = failure.data.error_description ? ` (${failure.data.error_description})` : '';
    throw new SocialLoginError(`${settings.provider} token endpoint answered ${response.status} ${failure.data.error}${detail}`);
  }
  const tokens = tokenResponse.safeParse(body);
  if (!response.ok || !tokens.success) {
    throw new SocialLoginError(`${settings.provider} token endpoint answered ${response.status} without an access token`);
  }
  return tokens.data.access_token;
}
