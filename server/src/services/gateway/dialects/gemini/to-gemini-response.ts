import type { CanonicalChunk, CanonicalCompletion, CanonicalFinishReason, CanonicalToolCall, CanonicalUsage } from '../canonical.ts';
import { toolInput } from '../anthropic/to-anthropic-response.ts';
import type { GeminiPart, GeminiResponse, GeminiUsage } from './gemini-types.ts';

function geminiFinishOf(finish: CanonicalFinishReason | null | undefined): string {
  if (finish === 'length') return 'MAX_TOKENS';
  if (finish === 'content_filter') return 'SAFETY';
  return 'STOP';
}

function geminiUsageOf(usage: CanonicalUsage | null | undefined): GeminiUsage {
  const prompt = usage?.prompt_tokens ?? 0;
  const completion = usage?.completion_tokens ?? 0;
  const thoughts = usage?.completion_tokens_details?.reasoning_tokens ?? 0;
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: completion - thoughts,
    totalTokenCount: prompt + completion,
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
    ...(cached > 0 ? { cachedContentTokenCount: cached } : {}),
  };
}

const callPart = (call: CanonicalToolCall): GeminiPart => ({ functionCall: { id: call.id, name: call.function.name, args: toolInput(call.function.arguments) as Record<string, unknown> } });

/** A whole `chat.completion` as a Gemini answer: thoughts, text and function calls as parts. */
export function toGeminiResponse(completion: CanonicalCompletion, model: string): GeminiResponse {
  const choice = completion.choices[0];
  const message = choice?.message;
  const parts: GeminiPart[] = [];
  if (message?.reasoning_content) parts.push({ text: message.reasoning_content, thought: true });
  const text = message?.content ?? message?.refusal ?? '';
  if (text !== '') parts.push({ text });
  parts.push(...(message?.tool_calls ?? []).map(callPart));
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: geminiFinishOf(choice?.finish_reason), index: 0 }],
    usageMetadata: geminiUsageOf(completion.usage),
    modelVersion: model,
    responseId: completion.id,
  };
}

/**
 * Writes Chat Completions chunks as `streamGenerateContent` frames: one frame per text or thought
 * delta; function calls (Gemini sends them whole) gathered and sent, with the finish reason and
 * the usage, in the last frame once the upstream stream has ended.
 */
export class GeminiStreamWriter {
  private readonly calls = new Map<number, CanonicalToolCall>();
  private finish: CanonicalFinishReason | null = null;
  private usage: CanonicalUsage | null = null;

  constructor(private readonly model: string, private readonly responseId: string) {}

  private frame(parts: GeminiPart[], finishReason?: string, usage?: GeminiUsage): GeminiResponse {
    return {
      candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
      ...(usage ? { usageMetadata: usage } : {}),
      modelVersion: this.model,
      responseId: this.responseId,
    };
  }

  write(chunk: CanonicalChunk): GeminiResponse[] {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return [];
    if (choice.finish_reason) this.finish = choice.finish_reason;
    const { delta } = choice;
    for (const call of delta.tool_calls ?? []) {
      const known = this.calls.get(call.index);
      if (known) known.function.arguments += call.function?.arguments ?? '';
      else this.calls.set(call.index, { id: call.id ?? '', type: 'function', function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' } });
    }
    const parts: GeminiPart[] = [];
    if (delta.reasoning_content) parts.push({ text: delta.reasoning_content, thought: true });
    const text = delta.content || delta.refusal;
    if (text) parts.push({ text });
    return parts.length > 0 ? [this.frame(parts)] : [];
  }

  end(): GeminiResponse[] {
    const parts = [...this.calls.values()].map(callPart);
    return [this.frame(parts, geminiFinishOf(this.finish), geminiUsageOf(this.usage))];
  }
}
