import { createXai } from '@ai-sdk/xai';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { streamImage } from '../image-stream.ts';
import { conversationMessages, lastUserText, systemPrompt } from '../prompt.ts';
import { requireKey } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/**
 * xAI Grok through Chat Completions. The grok panel offers only a model and a prompt prefix,
 * so no sampling settings are sent (grok-3-mini would refuse the penalties). Deep search
 * turns on live search with citations; the reasoning product asks grok-3-mini to think hard.
 */
export const grokProvider: ChatProvider = {
  async *stream(request, signal) {
    const xai = createXai({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('grok', request.model);
    if (upstream.api === 'image') {
      yield* streamImage(xai.image(upstream.id), lastUserText(request.messages), signal);
      return;
    }
    const xaiOptions = {
      ...(upstream.api === 'chat' && upstream.liveSearch
        ? { searchParameters: { mode: 'on' as const, returnCitations: true } }
        : {}),
      ...(upstream.api === 'chat' && upstream.reasoningEffort ? { reasoningEffort: upstream.reasoningEffort } : {}),
    };
    yield* streamModel(
      {
        model: xai.chat(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        providerOptions: Object.keys(xaiOptions).length > 0 ? { xai: xaiOptions } : undefined,
      },
      signal,
    );
  },
};
