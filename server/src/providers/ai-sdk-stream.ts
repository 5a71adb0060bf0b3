import { streamText, type LanguageModel, type ModelMessage } from 'ai';
import { toProviderError } from './provider-error.ts';
import type { ChatEvent, FinishReason } from './types.ts';

type ProviderOptions = Parameters<typeof streamText>[0]['providerOptions'];

export interface ModelCall {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  maxOutputTokens?: number;
  providerOptions?: ProviderOptions;
}

/**
 * Runs one AI SDK `streamText` call and translates its parts into ChatEvents. Retries are off:
 * a 429 must reach the user as `message_limit` now, not after the SDK's backoff. Upstream
 * failures are thrown as ProviderError; an abort ends the stream quietly.
 */
export async function* streamModel(call: ModelCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  const { model, system, messages, providerOptions, ...settings } = call;
  let failure: unknown;
  const result = streamText({
    model,
    system,
    messages,
    ...settings,
    providerOptions,
    maxRetries: 0,
    abortSignal: signal,
    // The error also arrives as an `error` part; this only keeps the SDK from logging it.
    onError: ({ error }) => void (failure ??= error),
  });
  try {
    for await (const part of result.fullStream) {
      if (signal.aborted || part.type === 'abort') return;
      switch (part.type) {
        case 'text-delta':
          if (part.text) yield { type: 'text', delta: part.text };
          break;
        case 'reasoning-delta':
          if (part.text) yield { type: 'reasoning', delta: part.text };
          break;
        case 'tool-call':
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
          break;
        case 'tool-result':
          yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: part.output };
          break;
        case 'file':
          if (part.file.mediaType.startsWith('image/')) {
            yield { type: 'image', url: `data:${part.file.mediaType};base64,${part.file.base64}` };
          }
          break;
        case 'error':
          throw part.error;
        case 'finish': {
          const { inputTokens, outputTokens } = part.totalUsage;
          if (inputTokens !== undefined || outputTokens !== undefined) {
            yield { type: 'usage', promptTokens: inputTokens ?? 0, completionTokens: outputTokens ?? 0 };
          }
          yield { type: 'finish', reason: part.finishReason as FinishReason };
          break;
        }
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(failure ?? error);
  }
}
