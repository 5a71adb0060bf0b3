import { APICallError, RetryError } from 'ai';
import { upstreamErrorFields } from './upstream-error-fields.ts';

/** The subset of our error codes an upstream failure can become. */
export type ProviderErrorCode =
  | 'invalid_api_key'
  | 'insufficient_quota'
  | 'message_limit'
  | 'model_not_found'
  | 'upstream_forbidden'
  | 'upstream_overloaded'
  | 'content_filtered'
  | 'upstream_error';

/**
 * A failed upstream call in Parley's terms. `code` is what the user sees (as a chat error);
 * `upstreamMessage` and `upstreamStatus` are kept for logs only, never shown.
 */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly upstreamStatus?: number;
  readonly upstreamMessage: string;
  /** How long the upstream asked to be left alone (`retry-after`), for the channel's cooldown. */
  readonly retryAfterMs?: number;

  constructor(code: ProviderErrorCode, upstreamMessage: string, upstreamStatus?: number, retryAfterMs?: number) {
    super(`${code}: ${upstreamMessage}`);
    this.name = 'ProviderError';
    this.code = code;
    this.upstreamMessage = upstreamMessage;
    this.upstreamStatus = upstreamStatus;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A wait longer than this is read as this: a channel comes back within the hour at the latest. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/**
 * `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date, in ms;
 * undefined when absent or unreadable.
 */
export function retryAfterMs(header: (name: string) => string | undefined, now = Date.now()): number | undefined {
  const ms = Number(header('retry-after-ms') ?? NaN);
  const after = header('retry-after')?.trim();
  const seconds = after && /^\d+(\.\d+)?$/.test(after) ? Number(after) * 1000 : after ? Date.parse(after) - now : NaN;
  const wait = Number.isFinite(ms) && ms >= 0 ? ms : seconds;
  return Number.isFinite(wait) && wait > 0 ? Math.min(Math.ceil(wait), RETRY_AFTER_MAX_MS) : undefined;
}

/** OpenAI / DeepSeek / Azure `error.code`, then OpenAI / Anthropic `error.type`. */
const byCode: Readonly<Record<string, ProviderErrorCode>> = {
  model_not_found: 'model_not_found',
  // Azure: no deployment of that name on the resource.
  DeploymentNotFound: 'model_not_found',
  insufficient_quota: 'insufficient_quota',
  rate_limit_exceeded: 'message_limit',
  invalid_api_key: 'invalid_api_key',
  unsupported_country_region_territory: 'upstream_forbidden',
  content_filter: 'content_filtered',
};
const byType: Readonly<Record<string, ProviderErrorCode>> = {
  not_found_error: 'model_not_found',
  authentication_error: 'invalid_api_key',
  permission_error: 'upstream_forbidden',
  forbidden: 'upstream_forbidden',
  request_forbidden: 'upstream_forbidden',
  billing_error: 'insufficient_quota',
  insufficient_quota: 'insufficient_quota',
  rate_limit_error: 'message_limit',
  overloaded_error: 'upstream_overloaded',
};

/** Google `error.status`; RESOURCE_EXHAUSTED depends on RetryInfo (see below). */
const byGoogleStatus: Readonly<Record<string, ProviderErrorCode>> = {
  NOT_FOUND: 'model_not_found',
  UNAUTHENTICATED: 'invalid_api_key',
  PERMISSION_DENIED: 'upstream_forbidden',
  // "User location is not supported for the API use."
  FAILED_PRECONDITION: 'upstream_forbidden',
  UNAVAILABLE: 'upstream_overloaded',
};

function byHttpStatus(status: number | undefined): ProviderErrorCode {
  if (status === 401) return 'invalid_api_key';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'upstream_forbidden';
  // A model the upstream does not serve (a retired one included), on any provider.
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'message_limit';
  if (status === 503 || status === 529) return 'upstream_overloaded';
  return 'upstream_error';
}

/**
 * xAI's body has no field but its gRPC status wording, which a wrong key (400) shares with any
 * bad argument, and no credits (403, or 429 at the spending limit) with any refusal or rate
 * limit; only its message tells them apart.
 */
function xaiFailure(status: number | undefined, xai: { error: string }): ProviderErrorCode {
  if ((status === 400 || status === 401) && /api key/i.test(xai.error)) return 'invalid_api_key';
  if ((status === 403 || status === 429) && /credits|spending limit/i.test(xai.error)) return 'insufficient_quota';
  return byHttpStatus(status === 400 ? undefined : status);
}

/**
 * Classifies an upstream failure by the structured fields of its body (codes, types, Google
 * status and google.rpc details), then by HTTP status; never by the wording of a message,
 * except for xAI, whose body has no other field, and DeepSeek's unknown model.
 */
export function classifyUpstreamFailure(status: number | undefined, body = ''): ProviderErrorCode {
  const fields = upstreamErrorFields(body);
  if (fields.xai) return xaiFailure(status, fields.xai);
  // DeepSeek answers an unknown model with a 400 whose code and type are the generic
  // `invalid_request_error`; its exact message is the only thing that names the case.
  if (status === 400 && fields.message === 'Model Not Exist') return 'model_not_found';
  const known = (fields.code && byCode[fields.code]) || (fields.type && byType[fields.type]);
  if (known) return known;
  if (fields.reasons.includes('API_KEY_INVALID')) return 'invalid_api_key';
  // A limit that lifts after a delay (RetryInfo) is a rate limit; without one the quota is spent.
  if (fields.status === 'RESOURCE_EXHAUSTED') return fields.retryInfo ? 'message_limit' : 'insufficient_quota';
  const google = fields.status && byGoogleStatus[fields.status];
  if (google) return google;
  return byHttpStatus(status);
}

/** The ProviderError of an upstream HTTP answer: its code by status and body; the body (else `fallback`) kept for logs. */
export function httpFailure(status: number | undefined, body: string, fallback: string, retryAfter?: number): ProviderError {
  return new ProviderError(classifyUpstreamFailure(status, body), body || fallback, status, retryAfter);
}

/** Turns anything thrown while calling upstream (AI SDK errors, fetch failures) into a ProviderError. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (RetryError.isInstance(error)) return toProviderError(error.lastError);
  if (APICallError.isInstance(error)) {
    const body = error.responseBody ?? '';
    const headers = error.responseHeaders ?? {};
    return httpFailure(error.statusCode, body, error.message, retryAfterMs((name) => headers[name]));
  }
  // An error event inside a stream (Anthropic `event: error`) arrives as its plain error object.
  if (typeof error === 'object' && error !== null && 'type' in error && !(error instanceof Error)) {
    const body = JSON.stringify({ error });
    return new ProviderError(classifyUpstreamFailure(undefined, body), body);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('upstream_error', message);
}

/** Reads a failed fetch response into a ProviderError (for the hand-written clients). */
export async function providerErrorFromResponse(response: Response): Promise<ProviderError> {
  const body = await response.text().catch(() => '');
  return httpFailure(response.status, body, response.statusText);
}
