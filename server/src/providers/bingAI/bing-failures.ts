import { ProviderError } from '../provider-error.ts';
import { retryAfterMs, type HeaderSource } from '../retry-after.ts';

/** The human checks a server cannot pass, by the page or frame that asked for one. */
export type BingChallenge = 'cloudflare' | 'captcha' | 'unusual_activity';

/** The target asked for a human check: named for the user (never its page), kept whole for the log. */
export class ChallengeError extends ProviderError {
  readonly challenge: BingChallenge;

  constructor(challenge: BingChallenge, upstreamMessage: string, upstreamStatus?: number) {
    super('upstream_challenge', upstreamMessage, upstreamStatus);
    this.name = 'ChallengeError';
    this.challenge = challenge;
  }
}

/** Which human check a page asks for, if it is one (Cloudflare's interstitial, a captcha, Bing's "unusual activity" page). */
function challengeIn(body: string): BingChallenge | undefined {
  if (/cf-chl|challenge-platform|cf_chl_opt|<title>\s*just a moment/i.test(body)) return 'cloudflare';
  if (/unusual activity|unusual traffic/i.test(body)) return 'unusual_activity';
  if (/captcha/i.test(body)) return 'captcha';
  return undefined;
}

/** A few hundred characters of an answer for the log; an HTML page is named, not copied. */
export function logExcerpt(body: string): string {
  const text = /^\s*</.test(body) ? `an HTML page (${body.length} characters)` : body;
  return text.slice(0, 300);
}

/** An HTTP answer that is not the one asked for, in Parley's terms. */
export function failureOfResponse(status: number, headers: HeaderSource | undefined, body: string, what: string): ProviderError {
  const challenge = challengeIn(body);
  if (challenge) return new ChallengeError(challenge, `${what}: HTTP ${status} with ${challenge} check`, status);
  const message = `${what}: HTTP ${status} ${logExcerpt(body)}`;
  if (status === 401) return new ProviderError('invalid_api_key', message, status);
  if (status === 403) return new ProviderError('upstream_forbidden', message, status);
  if (status === 429) return new ProviderError('upstream_rate_limited', message, status, retryAfterMs(headers, body));
  if (status === 502 || status === 503 || status === 504) return new ProviderError('upstream_unreachable', message, status);
  return new ProviderError('upstream_error', message, status);
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** A connection that failed below HTTP: a host that does not answer is named as such. */
export function failureOfNetwork(error: unknown, what: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const cause = (error as { cause?: { code?: string } })?.cause;
  const code = (error as { code?: string })?.code ?? cause?.code;
  const message = `${what}: ${error instanceof Error ? error.message : String(error)}`;
  if ((code && unreachableCodes.has(code)) || /timed? ?out|timeout/i.test(message)) return new ProviderError('upstream_unreachable', message);
  return new ProviderError('upstream_error', message);
}
