import type { PassthroughCall, RelayWatch } from '../passthrough.ts';
import type { UpstreamAddress } from '../upstream-call.ts';
import type { AnthropicResponse, AnthropicUsage } from './anthropic-types.ts';
import { canonicalUsage } from './from-anthropic-response.ts';

function merge(watch: RelayWatch, usage: AnthropicUsage | undefined, previous: AnthropicUsage) {
  if (!usage) return previous;
  const merged = { ...previous, ...Object.fromEntries(Object.entries(usage).filter(([, v]) => v !== null && v !== undefined)) };
  watch.noteUsage(canonicalUsage(merged));
  return merged;
}

/**
 * A Claude model asked through `/v1/messages`: the body goes to Anthropic as it came (thinking
 * signatures, cache control and betas included) with only the model renamed; usage is read
 * from `message_start` and `message_delta`, an `error` event is noted for the record.
 */
export function anthropicPassthrough(target: UpstreamAddress, body: Record<string, unknown>): PassthroughCall {
  let usage: AnthropicUsage = {};
  return {
    target,
    body,
    isOutput: (event) => event === 'content_block_delta',
    carriesUsage: (event) => event === 'message_start' || event === 'message_delta' || event === 'error',
    readUsage(event, data, watch) {
      if (event === 'error') {
        watch.streamError = (data as { error?: { type?: string } }).error?.type ?? 'upstream_error';
        return;
      }
      if (event === 'message_start') {
        const message = (data as { message?: AnthropicResponse }).message;
        watch.upstreamModel = message?.model;
        usage = merge(watch, message?.usage, usage);
        return;
      }
      if (event === 'message_delta') {
        usage = merge(watch, (data as { usage?: AnthropicUsage }).usage, usage);
        return;
      }
      const whole = data as AnthropicResponse;
      watch.upstreamModel = whole.model;
      usage = merge(watch, whole.usage, usage);
    },
  };
}
