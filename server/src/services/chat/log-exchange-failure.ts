import type { Logger } from '../../app/logger.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { userFacingCode } from './chat-error-text.ts';
import type { Exchange } from './prepare-exchange.ts';

/** Enough of an upstream's answer to diagnose it; a whole HTML error page is not. */
const upstreamMessageLimit = 1000;

/** The upstream's words without the credential, in case an upstream echoes the key it refused. */
function withoutCredential(message: string, apiKey: string): string {
  const cut = message.slice(0, upstreamMessageLimit);
  return apiKey.length >= 8 ? cut.split(apiKey).join('[redacted]') : cut;
}

/** Whose key an exchange calls with: a user's own (`owner`), else the server's. */
export const keyOwnerOf = (exchange: Pick<Exchange, 'credentials'>) => (exchange.credentials.owner ? 'user' : 'server') as 'user' | 'server';

/**
 * One structured line per failed exchange: who, where, which model, our code for it and what
 * the upstream said. The credential is never part of it. A refused or spent server key is the
 * operator's to fix, so it is logged as an error that names the endpoint's key setting.
 */
export function logExchangeFailure(log: Logger, exchange: Exchange, requestId: string | undefined, error: unknown) {
  const keyOwner = keyOwnerOf(exchange);
  const code = userFacingCode(error, { keyOwner });
  const upstream =
    error instanceof ProviderError
      ? { upstreamStatus: error.upstreamStatus, upstreamMessage: withoutCredential(error.upstreamMessage, exchange.credentials.apiKey) }
      : { err: error };
  const line = { reqId: requestId, userId: exchange.userId, endpoint: exchange.endpoint, model: exchange.model, channel: exchange.routed.channel, code, keyOwner, ...upstream };
  if (code === 'service_misconfigured') log.error(line, `the provider refused the server's key of ${exchange.endpoint}: check its API key setting`);
  else if (code === 'upstream_out_of_credit' && keyOwner === 'server') log.error(line, `the server's key of ${exchange.endpoint} has run out of credit at the provider`);
  else if (code === 'upstream_challenge') log.error({ ...line, ...(error as ProviderError).details }, `the provider of ${exchange.endpoint} answered with a human check (captcha, Cloudflare challenge or unusual-activity page) instead of a reply`);
  else if (code === 'upstream_unreachable') log.error(line, `the provider of ${exchange.endpoint} (or its reverse proxy) did not answer: check its base URL setting and that it is running`);
  else log.warn(line, 'chat exchange failed');
}
