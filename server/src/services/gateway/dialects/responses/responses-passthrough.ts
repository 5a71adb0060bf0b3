import type { CanonicalUsage } from '../canonical.ts';
import type { PassthroughCall } from '../passthrough.ts';
import type { UpstreamAddress } from '../upstream-call.ts';

interface ResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
}

interface ResponseObject {
  model?: string;
  usage?: ResponsesUsage | null;
}

const finalEvents = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

function usageOfResponses(usage: ResponsesUsage): CanonicalUsage {
  const prompt = usage.input_tokens ?? 0;
  const completion = usage.output_tokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: usage.input_tokens_details?.cached_tokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.output_tokens_details?.reasoning_tokens ?? 0 },
  };
}

/**
 * An OpenAI model asked through `/v1/responses`: the body goes to OpenAI's Responses API as it
 * came (so `previous_response_id`, stored responses and OpenAI's own tools keep working); the
 * usage comes with the final `response.*` event.
 */
export function responsesPassthrough(target: UpstreamAddress, body: Record<string, unknown>): PassthroughCall {
  return {
    target,
    body,
    isOutput: (event) => event.endsWith('.delta'),
    carriesUsage: (event) => finalEvents.has(event),
    readUsage(event, data, watch) {
      if (event === 'error') {
        watch.streamError = (data as { code?: string }).code ?? 'upstream_error';
        return;
      }
      const response = (event === '' ? data : (data as { response?: ResponseObject }).response) as ResponseObject | undefined;
      if (event === 'response.failed') watch.streamError = (response as { error?: { code?: string } } | undefined)?.error?.code ?? 'upstream_error';
      if (response?.model) watch.upstreamModel = response.model;
      if (response?.usage) watch.noteUsage(usageOfResponses(response.usage));
    },
  };
}
