import { classifyUpstreamFailure, ProviderError } from '../provider-error.ts';
import type { ChatEvent, FinishReason } from '../types.ts';
import type { ChatFlavor } from './chat-completions-body.ts';

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/** One `chat.completion.chunk` as far as we read it (every field may be absent or null). */
interface Chunk {
  model?: string | null;
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null } | null; finish_reason?: string | null }[];
  usage?: Usage | null;
  error?: { message?: string; type?: string; code?: string | number } | null;
}

/** Chat Completions' finish reasons in our terms; an unknown one is `other`. */
export function finishReasonOf(raw: string | null | undefined): FinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/**
 * Folds one stream's chunks into ChatEvents: text and reasoning deltas as they come; usage and
 * finish are held for the end, where `finish()` reports them in that order. An `error` object in
 * the stream (OpenAI sends one when a reply fails after it started) is thrown.
 */
export class ChunkEvents {
  private finishReason: FinishReason = 'other';
  private usage: Usage | undefined;
  private modelReported = false;

  constructor(private readonly flavor: ChatFlavor) {}

  /** The events of one chunk; none for a role-only, empty or usage-only chunk. */
  read(chunk: Chunk): ChatEvent[] {
    if (chunk.error) {
      const body = JSON.stringify({ error: chunk.error });
      throw new ProviderError(classifyUpstreamFailure(undefined, body), chunk.error.message ?? body);
    }
    if (chunk.usage) this.usage = chunk.usage;
    const events: ChatEvent[] = [];
    // The first chunk names the model that answers (an alias resolved upstream, a dated snapshot).
    if (!this.modelReported && typeof chunk.model === 'string' && chunk.model) {
      this.modelReported = true;
      events.push({ type: 'model', id: chunk.model });
    }
    const choice = chunk.choices?.[0];
    if (!choice) return events;
    if (choice.finish_reason) this.finishReason = finishReasonOf(choice.finish_reason);
    const delta = choice.delta;
    if (!delta) return events;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) events.push({ type: 'reasoning', delta: reasoning });
    if (delta.content) events.push({ type: 'text', delta: delta.content });
    return events;
  }

  /** Usage (when the upstream sent it), then finish: always the last event. */
  finish(): ChatEvent[] {
    const events: ChatEvent[] = [];
    const usage = this.usage;
    if (usage && (usage.prompt_tokens !== undefined || usage.completion_tokens !== undefined)) {
      // xAI counts reasoning apart from completion tokens; the others include it.
      const reasoning = this.flavor === 'xai' ? (usage.completion_tokens_details?.reasoning_tokens ?? 0) : 0;
      events.push({ type: 'usage', promptTokens: usage.prompt_tokens ?? 0, completionTokens: (usage.completion_tokens ?? 0) + reasoning });
    }
    // A reply the provider's filter stopped (Azure, OpenAI) is shown as an error, after what came before it.
    if (this.finishReason === 'content-filter') throw new ProviderError('content_filtered', 'finish_reason content_filter');
    events.push({ type: 'finish', reason: this.finishReason });
    return events;
  }
}
