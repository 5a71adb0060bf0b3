import { authResponseSchema, type AuthResponse } from '@parley/core';
import { errorFromResponse, isBanError } from './api-error.ts';
import { takeEarlyRefresh } from './early-requests.ts';
import { sessionHooks, setAccessToken, storedApiKey } from './session.ts';

let inflight: Promise<AuthResponse | null> | null = null;

async function requestRefresh(retry: boolean): Promise<AuthResponse | null> {
  const headers: Record<string, string> = {};
  const apiKey = storedApiKey();
  if (apiKey) headers['X-Api-Key'] = apiKey;
  let res: Response;
  try {
    // The page's first refresh was sent before the app loaded (early-requests.ts).
    const early = retry ? undefined : takeEarlyRefresh();
    res = await (early ?? fetch(`/api/auth/refresh${retry ? '?retry=true' : ''}`, { method: 'POST', headers, credentials: 'same-origin' }));
  } catch {
    return null;
  }
  if (!res.ok) {
    const error = await errorFromResponse(res);
    if (isBanError(error)) sessionHooks()?.onBanned(error.message);
    return null;
  }
  const parsed = authResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return null;
  setAccessToken(parsed.data.token);
  sessionHooks()?.onRefreshed(parsed.data);
  return parsed.data;
}

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one
 * request: the server rotates the cookie on every refresh and treats a replayed one as theft.
 */
export function refreshSession(options: { retry?: boolean } = {}): Promise<AuthResponse | null> {
  inflight ??= requestRefresh(options.retry ?? false).finally(() => {
    inflight = null;
  });
  return inflight;
}
