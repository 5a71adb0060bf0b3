import type { CanonicalCompletion, CanonicalFinishReason, CanonicalToolCall, CanonicalUsage } from '../canonical.ts';
import type { AnthropicResponse, AnthropicStopReason, AnthropicUsage } from './anthropic-types.ts';

/** Anthropic's stop reasons as Chat Completions' finish reasons. */
export function finishOfStop(stop: AnthropicStopReason | null | undefined): CanonicalFinishReason {
  switch (stop) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** Anthropic counts cached input apart from `input_tokens`; Chat Completions counts it inside `prompt_tokens`. */
export function canonicalUsage(usage: AnthropicUsage): CanonicalUsage {
  const cached = usage.cache_read_input_tokens ?? 0;
  const prompt = (usage.input_tokens ?? 0) + cached + (usage.cache_creation_input_tokens ?? 0);
  const completion = usage.output_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: cached } };
}

/** A whole Messages answer as a `chat.completion`: text joined, thinking as `reasoning_content`, `tool_use` as tool calls. */
export function fromAnthropicResponse(response: AnthropicResponse, created: number): CanonicalCompletion {
  let text = '';
  let reasoning = '';
  const calls: CanonicalToolCall[] = [];
  for (const block of response.content) {
    if (block.type === 'text') text += String(block.text);
    else if (block.type === 'thinking') reasoning += String(block.thinking);
    else if (block.type === 'tool_use') calls.push({ id: String(block.id), type: 'function', function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) } });
  }
  return {
    id: response.id,
    object: 'chat.completion',
    created,
    model: response.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(reasoning ? { reasoning_content: reasoning } : {}), ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishOfStop(response.stop_reason),
      },
    ],
    usage: canonicalUsage(response.usage),
  };
}
