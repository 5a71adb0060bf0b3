import { upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';
import { lazyEvents } from '../event-iterators.ts';

const defaultBaseURL = 'https://api.deepseek.com';

/**
 * DeepSeek Chat Completions. DeepSeek V4 thinks unless told not to, so every call says which:
 * `enabled` for the reasoning product (its `reasoning_content` arrives as reasoning events),
 * `disabled` for plain chats and titles (a thought would eat a title's small output cap). As
 * DeepSeek's guide asks, reasoning is never sent back in the history (turns carry only text).
 */
export const deepSeekProvider: ChatProvider = {
  stream: (request, signal) =>
    lazyEvents(() => {
      const apiKey = requireKey(request.apiKey);
      const upstream = upstreamModel('deepSeek', request.model, request.modelAliases);
      const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
      const thinking = upstream.api === 'chat' && upstream.thinking === true && request.leastReasoning !== true;
      return streamChatCompletions(bearerChatCall('deepseek', baseURL, apiKey, request, { model: upstream.id, thinking }), signal);
    }),
};
