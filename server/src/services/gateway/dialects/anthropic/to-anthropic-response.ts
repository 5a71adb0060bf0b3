import { randomBytes } from 'node:crypto';
import type { CanonicalCompletion, CanonicalFinishReason, CanonicalUsage } from '../canonical.ts';
import type { AnthropicBlock, AnthropicResponse, AnthropicStopReason, AnthropicUsage } from './anthropic-types.ts';

/** A `msg_…` id in Anthropic's style for an answer that came from another provider. */
export const anthropicMessageId = () => `msg_${randomBytes(12).toString('base64url')}`;

export function stopOfFinish(finish: CanonicalFinishReason | null | undefined): AnthropicStopReason {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/** Chat Completions counts cached input inside `prompt_tokens`; Anthropic apart from `input_tokens`. */
export function anthropicUsage(usage: CanonicalUsage | null | undefined): AnthropicUsage & { input_tokens: number; output_tokens: number } {
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    input_tokens: Math.max(0, (usage?.prompt_tokens ?? 0) - cached),
    output_tokens: usage?.completion_tokens ?? 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: cached,
  };
}

/** Tool arguments as the `input` object a `tool_use` block holds (text that is not an object is kept under `_raw`). */
export function toolInput(argumentsText: string): unknown {
  try {
    const value: unknown = JSON.parse(argumentsText === '' ? '{}' : argumentsText);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { _raw: argumentsText };
  } catch {
    return { _raw: argumentsText };
  }
}

/** A whole `chat.completion` as a Messages answer: reasoning, text and tool calls as blocks, in that order. */
export function toAnthropicResponse(completion: CanonicalCompletion, model: string): AnthropicResponse {
  const choice = completion.choices[0];
  const message = choice?.message;
  const content: AnthropicBlock[] = [];
  if (message?.reasoning_content) content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  const text = message?.content ?? message?.refusal ?? '';
  if (text !== '') content.push({ type: 'text', text });
  for (const call of message?.tool_calls ?? []) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInput(call.function.arguments) });
  return {
    id: anthropicMessageId(),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopOfFinish(choice?.finish_reason),
    stop_sequence: null,
    usage: anthropicUsage(completion.usage),
  };
}
