import { ProviderError } from '../../providers/provider-error.ts';
import { noEvents, recovering } from '../../providers/event-iterators.ts';
import type { ChatEvent, ChatProvider, ChatRequest } from '../../providers/types.ts';

/** The longest `retry-after` Parley waits out by itself; a longer one goes to the user as "busy". */
const maxAutomaticRetryMs = 5_000;

/** The wait before the one automatic retry a failure allows, or undefined when it allows none. */
function automaticRetryDelay(error: unknown): number | undefined {
  if (!(error instanceof ProviderError) || error.code !== 'upstream_rate_limited') return undefined;
  const wait = error.retryAfterMs;
  return wait !== undefined && wait < maxAutomaticRetryMs ? wait : undefined;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface RetryWatch {
  /** Whether the user has been shown anything of the reply; then nothing is retried. */
  shown(): boolean;
  onRetry(error: ProviderError, waitMs: number): void;
}

/**
 * The provider's events, with one automatic retry when the upstream answered 429 with a
 * `retry-after` under 5 s before anything was shown. The retry is the same request: the calls
 * the failed attempt already held (`beforeCall`) are not held again, so the payer is charged once.
 */
export function withRateLimitRetry(provider: ChatProvider, request: ChatRequest, signal: AbortSignal, watch: RetryWatch): AsyncIterable<ChatEvent> {
  let held = 0;
  let retried = false;
  const counted: ChatRequest = request.beforeCall ? { ...request, beforeCall: (call) => (held++, request.beforeCall!(call)) } : request;
  // Once the user saw output there is nothing to retry (`recover` throws): failures then pass as they are, with no turn of this layer.
  return recovering(provider.stream(counted, signal), async (error) => {
    const wait = retried || watch.shown() || signal.aborted ? undefined : automaticRetryDelay(error);
    if (wait === undefined) throw error;
    retried = true;
    watch.onRetry(error as ProviderError, wait);
    await pause(wait, signal);
    if (signal.aborted) return noEvents;
    let alreadyHeld = held;
    const again: ChatRequest = request.beforeCall
      ? { ...request, beforeCall: async (call) => (alreadyHeld > 0 ? void alreadyHeld-- : request.beforeCall!(call)) }
      : request;
    return provider.stream(again, signal);
  }, () => watch.shown());
}
