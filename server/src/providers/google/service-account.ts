import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
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
const scope = 'https://www.googleapis.com/auth/cloud-platform';

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

const cache = new Map<string, { token: string; expiresAt: number }>();

/**
 * An OAuth access token for the account, from the JWT-bearer grant at its token_uri. Tokens
 * are reused until a minute before expiry so a chat does not pay a token round trip per turn.
 */
export async function accessToken(account: ServiceAccount, signal: AbortSignal): Promise<string> {
  const tokenUri = account.token_uri ?? googleTokenUri;
  const cacheKey = `${account.client_email}|${tokenUri}|${account.private_key.length}`;
  const cached = cache.get(cacheKey);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;

  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(account.private_key, 'RS256');
  } catch {
    throw new ProviderError('invalid_api_key', 'Google service-account private_key is not a PKCS#8 RSA key');
  }
  const assertion = await new SignJWT({ scope })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(tokenUri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  const response = await fetch(tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal,
  });
  if (!response.ok) {
    const error = await providerErrorFromResponse(response);
    // A refused assertion means the key itself is wrong, whatever status the token server chose.
    throw response.status < 500 ? new ProviderError('invalid_api_key', error.upstreamMessage, response.status) : error;
  }
  const body = (await response.json()) as { access_token: string; expires_in?: number };
  cache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}
