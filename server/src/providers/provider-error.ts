import { APICallError, RetryError } from 'ai';

/** The subset of our error codes an upstream failure can become. */
export type ProviderErrorCode = 'invalid_api_key' | 'insufficient_quota' | 'message_limit' | 'upstream_error';

/**
 * A failed upstream call in Parley's terms. `code` is what the user sees (as a chat error);
 * `upstreamMessage` and `upstreamStatus` are kept for logs only, never shown.
 */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly upstreamStatus?: number;
  readonly upstreamMessage: string;

  constructor(code: ProviderErrorCode, upstreamMessage: string, upstreamStatus?: number) {
    super(`${code}: ${upstreamMessage}`);
    this.name = 'ProviderError';
    this.code = code;
    this.upstreamMessage = upstreamMessage;
    this.upstreamStatus = upstreamStatus;
  }
}

// Markers of an exhausted balance rather than a momentary rate limit. "check quota" alone is
// Google's rate-limit wording, so quota needs a billing context to count.
const quotaMarkers = [
  /insufficient_quota/i,
  /exceeded your current quota/i,
  /billing/i,
  /credit balance/i,
  /insufficient balance/i,
  /run out of credits|doesn't have any credits|spending limit/i,
];
const badKeyMarkers = [/API_KEY_INVALID/, /api key not valid/i, /incorrect api key/i, /invalid.{0,12}api.?key/i];

/** Classifies an upstream HTTP failure by status and body (SPEC point 8 codes). */
export function classifyUpstreamFailure(status: number | undefined, body = ''): ProviderErrorCode {
  if (status === 401) return 'invalid_api_key';
  if (status !== undefined && status >= 400 && status < 500) {
    if (status === 402 || quotaMarkers.some((m) => m.test(body))) return 'insufficient_quota';
    if (status === 403) return 'invalid_api_key';
    if (status === 429) return 'message_limit';
    if (badKeyMarkers.some((m) => m.test(body))) return 'invalid_api_key';
  }
  return 'upstream_error';
}

/** The ProviderError of an upstream HTTP answer: its code by status and body; the body (else `fallback`) kept for logs. */
export function httpFailure(status: number | undefined, body: string, fallback: string): ProviderError {
  return new ProviderError(classifyUpstreamFailure(status, body), body || fallback, status);
}

/** Turns anything thrown while calling upstream (AI SDK errors, fetch failures) into a ProviderError. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (RetryError.isInstance(error)) return toProviderError(error.lastError);
  if (APICallError.isInstance(error)) {
    const body = error.responseBody ?? '';
    return httpFailure(error.statusCode, body, error.message);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('upstream_error', message);
}

/** Reads a failed fetch response into a ProviderError (for the hand-written clients). */
export async function providerErrorFromResponse(response: Response): Promise<ProviderError> {
  const body = await response.text().catch(() => '');
  return httpFailure(response.status, body, response.statusText);
}
