import { retryAfterMs, type HeaderSource } from '../retry-after.ts';
import { classifyUpstreamFailure, ProviderError } from '../provider-error.ts';

/** Which human check stood in for a reply: the error text names it. */
type Challenge = 'cloudflare' | 'captcha' | 'unusual_activity';

const cloudflareMarks = /cf-chl|challenge-platform|cf_chl_opt|cf-please-wait|<title>\s*just a moment|attention required! \| cloudflare|cf-turnstile/i;
const captchaMarks = /captcha|arkose|funcaptcha|turnstile|proof of work/i;
const unusualMarks = /unusual activity/i;

/** The human check a page or refusal asks for, if any: Cloudflare first (its pages mention turnstile too). */
function challengeOf(text: string, headers?: HeaderSource): Challenge | undefined {
  if (headerOf(headers, 'cf-mitigated') === 'challenge' || cloudflareMarks.test(text)) return 'cloudflare';
  if (unusualMarks.test(text)) return 'unusual_activity';
  if (captchaMarks.test(text)) return 'captcha';
  return undefined;
}

function headerOf(headers: HeaderSource | undefined, name: string): string | undefined {
  const value = headers instanceof Headers ? headers.get(name) : headers?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

const looksLikeHtml = (body: string, contentType: string) => contentType.includes('text/html') || /^\s*<(!doctype|html)/i.test(body);

/** What the log keeps of an HTML page: its status and title, never the page. */
function pageSummary(status: number, body: string): string {
  const title = /<title[^>]*>([^<]{0,200})<\/title>/i.exec(body)?.[1]?.trim();
  return `HTML page (HTTP ${status})${title ? `: ${title}` : ''}`;
}

interface Detail {
  code?: string;
  message?: string;
  clearsIn?: number;
}

/** The back end's `{"detail": "…"}` or `{"detail": {"code", "message", "clears_in"}}`. */
function detailOf(body: string): Detail {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    const detail = parsed?.detail;
    if (typeof detail === 'string') return { message: detail };
    if (detail && typeof detail === 'object') {
      const { code, message, clears_in: clearsIn } = detail as Record<string, unknown>;
      return {
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof message === 'string' ? { message } : {}),
        ...(typeof clearsIn === 'number' && clearsIn >= 0 ? { clearsIn } : {}),
      };
    }
  } catch {
    // Not JSON: judged by its status and wording.
  }
  return {};
}

const challenged = (challenge: Challenge, summary: string, status?: number) =>
  new ProviderError('upstream_challenge', summary, status, undefined, { challenge });

/**
 * A failed answer of the web back end (or of the proxy in front of it) as a ProviderError the user
 * can act on: a refused or expired token, its message cap, a human check (captcha, Cloudflare,
 * "unusual activity") named and never shown as its page, a proxy that could not reach ChatGPT.
 */
export function webFailure(status: number, contentType: string, body: string, headers?: HeaderSource): ProviderError {
  if (looksLikeHtml(body, contentType)) {
    const summary = pageSummary(status, body);
    const challenge = challengeOf(body, headers);
    if (challenge) return challenged(challenge, summary, status);
    const unreachable = status === 502 || status === 504 || status >= 520;
    return new ProviderError(unreachable ? 'upstream_unreachable' : classifyUpstreamFailure(status), summary, status);
  }
  const detail = detailOf(body);
  const words = `${detail.code ?? ''} ${detail.message ?? body}`;
  if (status === 401) return new ProviderError('token_expired', body, status);
  if (status === 429 || detail.code === 'model_cap_exceeded') {
    const wait = detail.clearsIn !== undefined ? Math.min(detail.clearsIn, 3600) * 1000 : retryAfterMs(headers, body);
    return new ProviderError('upstream_rate_limited', body, status, wait);
  }
  const challenge = status === 403 || status === 418 ? challengeOf(words, headers) : undefined;
  if (challenge) return challenged(challenge, body, status);
  if (detail.code === 'conversation_too_large' || status === 413) return new ProviderError('context_too_long', body, status);
  if (status === 404) return new ProviderError(/model/i.test(words) ? 'model_not_found' : 'upstream_error', body, status);
  if (status === 502 || status === 504) return new ProviderError('upstream_unreachable', body, status);
  return new ProviderError(classifyUpstreamFailure(status, body), body, status);
}

/**
 * An error the back end reports inside the stream (`{"message": null, "error": "…"}`, an
 * `error_code`): judged by its code, else its wording, the only thing such an event carries.
 */
export function streamFailure(error: string, code: string | undefined): ProviderError {
  const words = `${code ?? ''} ${error}`;
  if (code === 'model_cap_exceeded' || /too many requests|reached (our|the) limit|rate limit/i.test(words)) return new ProviderError('upstream_rate_limited', error);
  const challenge = challengeOf(words);
  if (challenge) return challenged(challenge, error);
  if (code === 'conversation_too_large' || /conversation is too long/i.test(error)) return new ProviderError('context_too_long', error);
  if (code === 'token_expired' || code === 'invalid_jwt') return new ProviderError('token_expired', error);
  return new ProviderError('upstream_error', error);
}
