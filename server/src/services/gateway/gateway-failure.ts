import type { OpenAIErrorBody } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { upstreamErrorFields } from '../../providers/upstream-error-fields.ts';

/** Statuses of an upstream refusal that are about the caller's request, answered to the caller as they came. */
const callersFault = new Set([400, 404, 409, 413, 415, 422]);

/** An upstream refused the caller's request itself (a bad parameter): its status and words reach the caller. */
export class UpstreamRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: OpenAIErrorBody,
  ) {
    super(body.error.message);
  }
}

/** The message of an upstream error body, whatever its shape, bounded. */
function upstreamMessage(body: string): string {
  const fields = upstreamErrorFields(body);
  const message = fields.xai?.error ?? fields.message;
  if (message) return message.slice(0, 2000);
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message.slice(0, 2000);
  } catch {
    // Not JSON: the text itself, shortened, says what went wrong.
  }
  return `The upstream refused the request: ${body.slice(0, 500)}`;
}

/** Failures of the server's upstream account, whatever status they came with: the operator's, not the caller's. */
const operatorsCodes = new Set(['invalid_api_key', 'upstream_out_of_credit']);

/**
 * What the API answers for an upstream failure. A refusal of the request itself (400, 404,
 * 422…) keeps the upstream's status, message, param and code; a refused server credential,
 * a spent upstream account or an outage are the operator's, answered without the upstream's
 * words (logged instead) as 502/503; a rate limit upstream is the caller's 429.
 */
export function gatewayFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const status = error.upstreamStatus;
  if (status !== undefined && callersFault.has(status) && !operatorsCodes.has(error.code)) {
    const fields = upstreamErrorFields(error.upstreamMessage);
    const code = error.code === 'content_filtered' ? 'content_filter' : (fields.code ?? null);
    return new UpstreamRefusal(status, {
      error: { message: upstreamMessage(error.upstreamMessage), type: 'invalid_request_error', param: fields.param ?? null, code },
    });
  }
  switch (error.code) {
    case 'upstream_rate_limited':
      return new AppError('rate_limited', 'The upstream is rate limited; retry shortly.');
    case 'upstream_overloaded':
      return new AppError('upstream_overloaded');
    case 'content_filtered':
      return new AppError('content_filtered');
    default:
      return new AppError('upstream_error', 'The upstream service failed to answer.', { upstream: error.code });
  }
}
