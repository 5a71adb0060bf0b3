import { z } from 'zod';
import { chatToolCallSchema } from './chat-request.ts';

/**
 * What the canonical Chat Completions call answers: one `chat.completion`, or a stream of
 * `chat.completion.chunk`s ending with `data: [DONE]`. Upstream answers of OpenAI-compatible
 * services are relayed as they came; translators (other dialects, other providers) build these.
 */

export const chatUsageSchema = z.looseObject({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative().optional(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      refusal?: string | null;
      reasoning_content?: string;
      tool_calls?: z.infer<typeof chatToolCallSchema>[];
    };
    finish_reason: ChatFinishReason | null;
    logprobs?: null;
  }[];
  usage?: ChatUsage;
  system_fingerprint?: string | null;
}

/** One streamed tool-call fragment: the first names the call, later ones add to its arguments. */
export interface ChatToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: 'assistant'; content?: string | null; reasoning_content?: string | null; refusal?: string | null; tool_calls?: ChatToolCallDelta[] };
    finish_reason: ChatFinishReason | null;
    logprobs?: null;
  }[];
  usage?: ChatUsage | null;
}

/** The token counts a call is charged and recorded by, read from the upstream's `usage`. */
export interface TokenUsage {
  input: number;
  output: number;
  cached: number;
  reasoning: number;
}

/** Reads an upstream's usage object (undefined when it is not one). */
export function tokenUsageOf(usage: unknown): TokenUsage | undefined {
  const parsed = chatUsageSchema.safeParse(usage);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  return {
    input: u.prompt_tokens,
    output: u.completion_tokens,
    cached: u.prompt_tokens_details?.cached_tokens ?? 0,
    reasoning: u.completion_tokens_details?.reasoning_tokens ?? 0,
  };
}
