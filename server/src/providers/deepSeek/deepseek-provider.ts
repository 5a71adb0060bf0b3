import { upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

const defaultBaseURL = 'https://api.deepseek.com';

/**
 * DeepSeek Chat Completions. With thinking on (the reasoning product: V4 `thinking: enabled`)
 * its `reasoning_content` arrives as reasoning events; as DeepSeek's guide asks, reasoning is
 * never sent back in the history (the turns carry only their text).
 */
export const deepSeekProvider: ChatProvider = {
  async *stream(request, signal) {
    const apiKey = requireKey(request.apiKey);
    const upstream = upstreamModel('deepSeek', request.model, request.modelAliases);
    const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
    const thinking = upstream.api === 'chat' && upstream.thinking === true;
    yield* streamChatCompletions(bearerChatCall('deepseek', baseURL, apiKey, request, { model: upstream.id, thinking }), signal);
  },
};
