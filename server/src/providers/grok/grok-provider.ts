import { createXai } from '@ai-sdk/xai';
import { upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserText } from '../prompt.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

const defaultBaseURL = 'https://api.x.ai/v1';

/**
 * xAI Grok through Chat Completions. The grok panel offers only a model and a prompt prefix,
 * so no sampling settings are sent (grok-3-mini would refuse the penalties). Deep search
 * turns on live search with citations; the reasoning product asks grok-3-mini to think hard.
 */
export const grokProvider: ChatProvider = {
  async *stream(request, signal) {
    const apiKey = requireKey(request.apiKey);
    const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
    const upstream = upstreamModel('grok', request.model);
    if (upstream.api === 'image') {
      yield* streamImage(createXai({ apiKey, baseURL }).image(upstream.id), lastUserText(request.messages), signal);
      return;
    }
    const search = upstream.api === 'chat' ? { liveSearch: upstream.liveSearch, reasoningEffort: upstream.reasoningEffort } : {};
    yield* streamChatCompletions(bearerChatCall('xai', baseURL, apiKey, request, { model: upstream.id, ...search }), signal);
  },
};
