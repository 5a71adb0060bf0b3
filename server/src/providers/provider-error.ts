import { APICallError, RetryError } from 'ai';
import { retryAfterMs, type HeaderSource } from './retry-after.ts';
import { upstreamErrorFields, type UpstreamErrorFields } from './upstream-error-fields.ts';

/**
 * The subset of our error codes an upstream failure can become. `insufficient_quota` and
 * `message_limit` are Parley's own quota and caps (a `QuotaRefusal`); the upstream's are
 * `upstream_out_of_credit` and `upstream_rate_limited`.
 */
export type ProviderErrorCode =
  | 'invalid_api_key'
  | 'upstream_rate_limited'
  | 'upstream_out_of_credit'
  | 'context_too_long'
  | 'model_not_found'
  | 'upstream_forbidden'
  | 'upstream_overloaded'
  | 'content_filtered'
  | 'token_expired'
  | 'upstream_challenge'
  | 'upstream_unreachable'
  | 'upstream_error';

/**
 * A failed upstream call in Parley's terms. `code` is what the user sees (as a chat error);
 * `upstreamMessage` and `upstreamStatus` are kept for logs only, never shown.
 */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly upstreamStatus?: number;
  readonly upstreamMessage: string;
  /** How long the upstream asked to wait before another call (`retry-after`, Google's RetryInfo). */
  readonly retryAfterMs?: number;
  /** What the error text names beside the code (which human check stopped the call: `{challenge: 'captcha'}`). */
  readonly details?: Readonly<Record<string, string>>;

  constructor(code: ProviderErrorCode, upstreamMessage: string, upstreamStatus?: number, retryAfterMs?: number, details?: Record<string, string>) {
    super(`${code}: ${upstreamMessage}`);
    this.name = 'ProviderError';
    this.code = code;
    this.upstreamMessage = upstreamMessage;
    this.upstreamStatus = upstreamStatus;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
    if (details) this.details = details;
  }
}

/** OpenAI / DeepSeek / Azure `error.code`, then OpenAI / Anthropic `error.type`. */
const byCode: Readonly<Record<string, ProviderErrorCode>> = {
  model_not_found: 'model_not_found',
  // Azure: no deployment of that name on the resource.
  DeploymentNotFound: 'model_not_found',
  insufficient_quota: 'upstream_out_of_credit',
  rate_limit_exceeded: 'upstream_rate_limited',
  context_length_exceeded: 'context_too_long',
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
  billing_error: 'upstream_out_of_credit',
  insufficient_quota: 'upstream_out_of_credit',
  rate_limit_error: 'upstream_rate_limited',
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
  if (status === 402) return 'upstream_out_of_credit';
  if (status === 403) return 'upstream_forbidden';
  // A model the upstream does not serve (a retired one included), on any provider.
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'upstream_rate_limited';
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
  if ((status === 403 || status === 429) && /credits|spending limit/i.test(xai.error)) return 'upstream_out_of_credit';
  if (status === 400 && /maximum prompt length/i.test(xai.error)) return 'context_too_long';
  return byHttpStatus(status === 400 ? undefined : status);
}

/**
 * Cases the providers name by wording only: a prompt past the model's context (Anthropic's
 * "prompt is too long", Gemini's input token count, DeepSeek's "maximum context length"), and
 * Anthropic's monthly spend limit, a `rate_limit_error` that no wait lifts.
 */
function byWording(fields: UpstreamErrorFields): ProviderErrorCode | undefined {
  const message = fields.message ?? '';
  if (fields.type === 'invalid_request_error' && /prompt is too long|maximum context length/i.test(message)) return 'context_too_long';
  if (fields.status === 'INVALID_ARGUMENT' && /input token count.*exceeds the maximum/i.test(message)) return 'context_too_long';
  if (fields.type === 'rate_limit_error' && /spend limit/i.test(message)) return 'upstream_out_of_credit';
  return undefined;
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
  const worded = byWording(fields);
  if (worded) return worded;
  const known = (fields.code && byCode[fields.code]) || (fields.type && byType[fields.type]);
  if (known) return known;
  if (fields.reasons.includes('API_KEY_INVALID')) return 'invalid_api_key';
  // A limit that lifts after a delay (RetryInfo) is a rate limit; without one the quota is spent.
  if (fields.status === 'RESOURCE_EXHAUSTED') return fields.retryInfo ? 'upstream_rate_limited' : 'upstream_out_of_credit';
  const google = fields.status && byGoogleStatus[fields.status];
  if (google) return google;
  return byHttpStatus(status);
}

/**
 * The ProviderError of an upstream HTTP answer: its code by status and body; the body (else
 * `fallback`) kept for logs; the wait it asks for from its headers or body.
 */
export function httpFailure(status: number | undefined, body: string, fallback: string, headers?: HeaderSource): ProviderError {
  return new ProviderError(classifyUpstreamFailure(status, body), body || fallback, status, retryAfterMs(headers, body));
}

/** Turns anything thrown while calling upstream (AI SDK errors, fetch failures) into a ProviderError. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (RetryError.isInstance(error)) return toProviderError(error.lastError);
  if (APICallError.isInstance(error)) {
    const body = error.responseBody ?? '';
    return httpFailure(error.statusCode, body, error.message, error.responseHeaders);
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
  return httpFailure(response.status, body, response.statusText, response.headers);
}
