import { createOpenAI } from '@ai-sdk/openai';
import { upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserText } from '../prompt.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

const defaultBaseURL = 'https://api.openai.com/v1';

/** OpenAI through Chat Completions; the drawing model goes to the images API. */
export const openAIProvider: ChatProvider = {
  async *stream(request, signal) {
    const apiKey = requireKey(request.apiKey);
    const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
    const upstream = upstreamModel('openAI', request.model);
    if (upstream.api === 'image') {
      yield* streamImage(createOpenAI({ apiKey, baseURL }).image(upstream.id), lastUserText(request.messages), signal);
      return;
    }
    yield* streamChatCompletions(bearerChatCall('openai', baseURL, apiKey, request, { model: upstream.id }), signal);
  },
};
