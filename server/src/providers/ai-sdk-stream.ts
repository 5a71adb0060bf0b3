import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { languageModelMessage } from './attachment-parts.ts';
import type { TextMessage } from './prompt.ts';
import { ProviderError, toProviderError } from './provider-error.ts';
import type { ChatEvent, FinishReason } from './types.ts';

export interface ModelCall {
  model: LanguageModelV3;
  system?: string;
  messages: TextMessage[];
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  maxOutputTokens?: number;
  providerOptions?: LanguageModelV3CallOptions['providerOptions'];
}

function promptOf(system: string | undefined, messages: TextMessage[]): LanguageModelV3Prompt {
  const turns = messages.map(languageModelMessage);
  return system === undefined ? turns : [{ role: 'system', content: system }, ...turns];
}

/** One provider stream part as a ChatEvent (or several: `finish` reports usage first), or none. */
function* eventsOf(part: LanguageModelV3StreamPart): Generator<ChatEvent> {
  switch (part.type) {
    case 'text-delta':
      if (part.delta) yield { type: 'text', delta: part.delta };
      break;
    case 'reasoning-delta':
      if (part.delta) yield { type: 'reasoning', delta: part.delta };
      break;
    case 'file':
      if (part.mediaType.startsWith('image/')) {
        const base64 = typeof part.data === 'string' ? part.data : Buffer.from(part.data).toString('base64');
        yield { type: 'image', url: `data:${part.mediaType};base64,${base64}` };
      }
      break;
    case 'response-metadata':
      if (part.modelId) yield { type: 'model', id: part.modelId };
      break;
    case 'error':
      throw part.error;
    case 'finish': {
      const inputTokens = part.usage.inputTokens.total;
      const outputTokens = part.usage.outputTokens.total;
      if (inputTokens !== undefined || outputTokens !== undefined) {
        yield { type: 'usage', promptTokens: inputTokens ?? 0, completionTokens: outputTokens ?? 0 };
      }
      // A safety block (Gemini SAFETY or a blocked prompt) is shown as an error, after what came before it.
      if (part.finishReason.unified === 'content-filter') {
        throw new ProviderError('content_filtered', `finish reason ${part.finishReason.raw ?? 'content-filter'}`);
      }
      yield { type: 'finish', reason: part.finishReason.unified as FinishReason };
      break;
    }
  }
}

/**
 * Streams one plain chat call straight from the language model's `doStream` and translates its
 * parts into ChatEvents. `streamText` is not used: for a call without tools its extra stream
 * stages (step handling, part re-mapping, usage totals) cost about a third of Parley's CPU per
 * relayed chunk and delayed the first token by ~3 ms. There are no retries here: the
 * exchange retries a short 429 once (`rate-limit-retry.ts`), anything else reaches the user. Upstream failures are thrown as ProviderError; an abort ends
 * the stream quietly.
 */
export async function* streamModel(call: ModelCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  const { model, system, messages, ...settings } = call;
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  try {
    const { stream } = await model.doStream({ prompt: promptOf(system, messages), ...settings, abortSignal: signal });
    reader = stream.getReader();
    while (!signal.aborted) {
      const { done, value } = await reader.read();
      if (done) return;
      yield* eventsOf(value);
    }
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  } finally {
    // A consumer that stops early (abort, or the title's length cap) releases the upstream body.
    reader?.cancel().catch(() => undefined);
  }
}
