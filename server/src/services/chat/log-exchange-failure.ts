import type { Logger } from '../../app/logger.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { errorTextFor } from './chat-error-text.ts';
import type { Exchange } from './prepare-exchange.ts';

/** Enough of an upstream's answer to diagnose it; a whole HTML error page is not. */
const upstreamMessageLimit = 1000;

/** The upstream's words without the credential, in case an upstream echoes the key it refused. */
function withoutCredential(message: string, apiKey: string): string {
  const cut = message.slice(0, upstreamMessageLimit);
  return apiKey.length >= 8 ? cut.split(apiKey).join('[redacted]') : cut;
}

/**
 * One structured line per failed exchange: who, where, which model, our code for it and what
 * the upstream said. The credential is never part of it.
 */
export function logExchangeFailure(log: Logger, exchange: Exchange, requestId: string | undefined, error: unknown) {
  const { code } = errorTextFor(error);
  const upstream =
    error instanceof ProviderError
      ? { upstreamStatus: error.upstreamStatus, upstreamMessage: withoutCredential(error.upstreamMessage, exchange.credentials.apiKey) }
      : { err: error };
  log.warn(
    { reqId: requestId, userId: exchange.userId, endpoint: exchange.endpoint, model: exchange.model, channel: exchange.routed.channel, code, ...upstream },
    'chat exchange failed',
  );
}
