import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { outboundFetch } from '../../net/outbound-fetch.ts';
import { OutboundUrlError, strictOutboundPolicy, type OutboundPolicy } from '../../net/outbound-url.ts';
import { ProviderError, providerErrorFromResponse } from '../provider-error.ts';

/** The cloud service-account key of SPEC point 3; token_uri is Google's unless the key names another. */
const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  project_id: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().optional(),
});

export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

const googleTokenUri = 'https://oauth2.googleapis.com/token';
const cloudScope = 'https://www.googleapis.com/auth/cloud-platform';

/** A Google credential is either a plain API key (Gemini API) or a service-account JSON (Vertex). */
export function parseServiceAccount(apiKey: string): ServiceAccount | undefined {
  if (!apiKey.trim().startsWith('{')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(apiKey);
  } catch {
    throw new ProviderError('invalid_api_key', 'Google service-account key is not valid JSON');
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) throw new ProviderError('invalid_api_key', `Google service-account key: ${parsed.error.message}`);
  return parsed.data;
}

/** Service-account tokens by key (see cacheKeyOf), kept by the app context for the process's life. */
export interface ServiceAccountTokens {
  get(key: string): { token: string; expiresAt: number } | undefined;
  remember(key: string, token: string, expiresAt: number): void;
}

/** Whose token is cached, and where: the owner of the key, the key itself in full, and the cache (none: a token per call). */
export interface TokenScope {
  owner?: string;
  outbound?: OutboundPolicy;
  serviceAccountTokens?: ServiceAccountTokens;
}

/** At most `limit` tokens, the oldest dropped first: a Map iterates in insertion order, so no timer is needed. */
export function createServiceAccountTokens(limit = 1000): ServiceAccountTokens {
  const cache = new Map<string, { token: string; expiresAt: number }>();
  return {
    get: (key) => cache.get(key),
    remember(key, token, expiresAt) {
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(key, { token, expiresAt });
    },
  };
}

/**
 * A token is only handed back to the holder of the very same key: the hash covers the owner
 * and every field the token was obtained with, so knowing another user's client_email (or
 * anything short of their private key) reaches no token of theirs.
 */
const cacheKeyOf = (account: ServiceAccount, tokenUri: string, owner = '') =>
  createHash('sha256')
    .update(JSON.stringify([owner, account.client_email, account.project_id, tokenUri, account.private_key]))
    .digest('base64url');

/**
 * An OAuth access token for the account, from the JWT-bearer grant at its token_uri (which,
 * being user input, must pass the outbound policy). Tokens are reused until a minute before
 * expiry so a chat does not pay a token round trip per turn.
 */
export async function accessToken(account: ServiceAccount, signal: AbortSignal, scope: TokenScope = {}): Promise<string> {
  const tokenUri = account.token_uri ?? googleTokenUri;
  const cacheKey = cacheKeyOf(account, tokenUri, scope.owner);
  const cached = scope.serviceAccountTokens?.get(cacheKey);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;

  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(account.private_key, 'RS256');
  } catch {
    throw new ProviderError('invalid_api_key', 'Google service-account private_key is not a PKCS#8 RSA key');
  }
  const assertion = await new SignJWT({ scope: cloudScope })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(tokenUri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  let response: Response;
  try {
    response = await outboundFetch(scope.outbound ?? strictOutboundPolicy)(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal,
    });
  } catch (error) {
    const refused = error instanceof OutboundUrlError ? error : (error as { cause?: unknown }).cause;
    if (refused instanceof OutboundUrlError) throw new ProviderError('invalid_api_key', `token_uri refused: ${refused.message}`);
    throw error;
  }
  if (!response.ok) {
    const error = await providerErrorFromResponse(response);
    // A refused assertion means the key itself is wrong, whatever status the token server chose.
    throw response.status < 500 ? new ProviderError('invalid_api_key', error.upstreamMessage, response.status) : error;
  }
  const body = (await response.json()) as { access_token: string; expires_in?: number };
  scope.serviceAccountTokens?.remember(cacheKey, body.access_token, Date.now() + (body.expires_in ?? 3600) * 1000);
  return body.access_token;
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Google service-account access tokens, reused until a minute before they expire. */
    serviceAccountTokens: ServiceAccountTokens;
  }
}
