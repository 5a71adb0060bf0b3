import { upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

const defaultBaseURL = 'https://api.deepseek.com';

/** DeepSeek Chat Completions; `reasoning_content` of deepseek-reasoner arrives as reasoning events. */
export const deepSeekProvider: ChatProvider = {
  async *stream(request, signal) {
    const apiKey = requireKey(request.apiKey);
    const upstream = upstreamModel('deepSeek', request.model);
    const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
    yield* streamChatCompletions(bearerChatCall('deepseek', baseURL, apiKey, request, { model: upstream.id }), signal);
  },
};
