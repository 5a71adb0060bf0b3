import { ProviderError } from '../../providers/provider-error.ts';

/**
 * What a failure before the first output byte says about the channel that answered it:
 * - `refused`: its key was refused or its quota is spent (401/403, `upstream_out_of_credit`…): the
 *   channel is auto-disabled and the call goes on to the next one;
 * - `busy`: 429, 5xx, overloaded, a timeout or a connection failure: the next channel is tried,
 *   and a 429's `retry-after` cools this one down;
 * - `request`: the request itself is at fault (400, unknown model, content filter): another
 *   channel would answer the same, so the user sees it.
 */
export type ChannelFailure =
  | { kind: 'refused'; reason: string }
  | { kind: 'busy'; reason: string; cooldownMs?: number }
  | { kind: 'request' };

const refusedCodes = new Set(['invalid_api_key', 'upstream_out_of_credit', 'upstream_forbidden']);

/** Node's codes for a connection that never carried an answer. */
const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

const statusText = (status: number | undefined) => (status === undefined ? '' : ` (HTTP ${status})`);

/** Classifies what one channel's attempt threw (a ProviderError from our providers, or a raw network error). */
export function classifyChannelFailure(error: unknown): ChannelFailure {
  if (error instanceof ProviderError) {
    const status = error.upstreamStatus;
    const reason = `${error.code}${statusText(status)}`;
    if (refusedCodes.has(error.code) || status === 401 || status === 403) return { kind: 'refused', reason };
    if (status === 429 || error.code === 'upstream_rate_limited') return { kind: 'busy', reason, cooldownMs: error.retryAfterMs };
    if ((status !== undefined && status >= 500) || error.code === 'upstream_overloaded') return { kind: 'busy', reason };
    // No status at all: the connection failed or fell silent before any answer came.
    if (status === undefined && error.code === 'upstream_error') return { kind: 'busy', reason: `no answer: ${error.upstreamMessage.slice(0, 120)}` };
    return { kind: 'request' };
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && connectionCodes.has(code)) return { kind: 'busy', reason: `no answer: ${code}` };
  return { kind: 'request' };
}
