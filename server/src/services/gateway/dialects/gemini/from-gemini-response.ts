import type { CanonicalChunk, CanonicalCompletion, CanonicalFinishReason, CanonicalToolCall, CanonicalUsage } from '../canonical.ts';
import type { GeminiResponse, GeminiUsage } from './gemini-types.ts';
import { toolCallIdOf } from './thought-signature.ts';

const filtered = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

/** Gemini's finish reasons as Chat Completions' (a turn that called functions finishes with `tool_calls`). */
function finishOfGemini(reason: string | undefined, calledTools: boolean): CanonicalFinishReason | null {
  if (reason === undefined) return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (filtered.has(reason)) return 'content_filter';
  return calledTools ? 'tool_calls' : 'stop';
}

/** Gemini counts thoughts apart from the candidates; Chat Completions counts them inside `completion_tokens`. */
export function usageOfGemini(usage: GeminiUsage | undefined): CanonicalUsage {
  const prompt = usage?.promptTokenCount ?? 0;
  const thoughts = usage?.thoughtsTokenCount ?? 0;
  const completion = (usage?.candidatesTokenCount ?? 0) + thoughts;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: usage?.cachedContentTokenCount ?? 0 },
    completion_tokens_details: { reasoning_tokens: thoughts },
  };
}

interface CandidateDelta {
  text: string;
  reasoning: string;
  calls: CanonicalToolCall[];
}

function deltaOf(response: GeminiResponse): CandidateDelta {
  const delta: CandidateDelta = { text: '', reasoning: '', calls: [] };
  for (const part of response.candidates?.[0]?.content?.parts ?? []) {
    if (part.functionCall) {
      delta.calls.push({ id: toolCallIdOf(part.thoughtSignature), type: 'function', function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) } });
    } else if (typeof part.text === 'string') {
      if (part.thought) delta.reasoning += part.text;
      else delta.text += part.text;
    }
  }
  return delta;
}

/** A whole Gemini answer as a `chat.completion`; a prompt Google refused is an empty `content_filter` answer. */
export function fromGeminiResponse(response: GeminiResponse, model: string, id: string, created: number): CanonicalCompletion {
  const delta = deltaOf(response);
  const reason = response.promptFeedback?.blockReason ? 'SAFETY' : (response.candidates?.[0]?.finishReason ?? 'STOP');
  return {
    id,
    object: 'chat.completion',
    created,
    model: response.modelVersion ?? model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: delta.text === '' && delta.calls.length > 0 ? null : delta.text,
          ...(delta.reasoning ? { reasoning_content: delta.reasoning } : {}),
          ...(delta.calls.length > 0 ? { tool_calls: delta.calls } : {}),
        },
        finish_reason: finishOfGemini(reason, delta.calls.length > 0) ?? 'stop',
      },
    ],
    usage: usageOfGemini(response.usageMetadata),
  };
}

/**
 * Reads the frames of `streamGenerateContent?alt=sse` into chunks: each frame's text, thoughts
 * (as `reasoning_content`) and whole function calls; the finish reason when a frame has one.
 * The usage of the last frame is the whole call's.
 */
export class GeminiStreamReader {
  private toolCount = 0;
  private calledTools = false;
  private usage: GeminiUsage | undefined;
  private first = true;

  constructor(private readonly model: string, private readonly id: string, private readonly created: number) {}

  read(response: GeminiResponse): CanonicalChunk[] {
    if (response.usageMetadata) this.usage = response.usageMetadata;
    const delta = deltaOf(response);
    this.calledTools ||= delta.calls.length > 0;
    const blocked = response.promptFeedback?.blockReason ? 'SAFETY' : undefined;
    const finish = finishOfGemini(blocked ?? response.candidates?.[0]?.finishReason, this.calledTools);
    const role = this.first ? { role: 'assistant' as const } : {};
    this.first = false;
    const chunk: CanonicalChunk = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: response.modelVersion ?? this.model,
      choices: [
        {
          index: 0,
          delta: {
            ...role,
            ...(delta.reasoning ? { reasoning_content: delta.reasoning } : {}),
            ...(delta.text ? { content: delta.text } : {}),
            ...(delta.calls.length > 0 ? { tool_calls: delta.calls.map((call) => ({ index: this.toolCount++, ...call })) } : {}),
          },
          finish_reason: finish,
        },
      ],
    };
    return [chunk];
  }

  totalUsage(): CanonicalUsage {
    return usageOfGemini(this.usage);
  }

  usageChunk(): CanonicalChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [], usage: this.totalUsage() };
  }
}
