import { upstreamErrorFields } from './upstream-error-fields.ts';

/** Response headers as fetch (`Headers`), node:http (`IncomingHttpHeaders`) or the AI SDK (a record) give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/** A Google `Duration` such as `"23s"` or `"1.5s"`. */
const durationMs = (value: string | undefined) => {
  const match = value ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
};

/** A longer wait is read as this: a channel cooling down comes back within the hour at the latest. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/**
 * How long an upstream asked to wait: OpenAI's `retry-after-ms`, the standard `retry-after` (in
 * seconds, or an HTTP date), else the `retryDelay` of Google's RetryInfo, at most an hour. Undefined when it named none.
 */
export function retryAfterMs(headers: HeaderSource | undefined, body = '', now: number = Date.now()): number | undefined {
  const wait = askedWait(headers, body, now);
  return wait === undefined ? undefined : Math.min(wait, RETRY_AFTER_MAX_MS);
}

function askedWait(headers: HeaderSource | undefined, body: string, now: number): number | undefined {
  const ms = Number(header(headers, 'retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && header(headers, 'retry-after-ms') !== undefined) return ms;
  const after = header(headers, 'retry-after')?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.round(Number(after) * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return durationMs(upstreamErrorFields(body).retryDelay);
}
