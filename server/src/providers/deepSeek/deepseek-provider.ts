import { upstreamModel } from '@parley/core';
import { streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

const defaultBaseURL = 'https://api.deepseek.com';

/** DeepSeek Chat Completions; `reasoning_content` of deepseek-reasoner arrives as reasoning events. */
export const deepSeekProvider: ChatProvider = {
  async *stream(request, signal) {
    const apiKey = requireKey(request.apiKey);
    const upstream = upstreamModel('deepSeek', request.model);
    yield* streamChatCompletions(
      {
        flavor: 'deepseek',
        url: `${trimSlash(request.baseURL ?? defaultBaseURL)}/chat/completions`,
        headers: { authorization: `Bearer ${apiKey}` },
        model: upstream.id,
        turns: request.messages,
        options: request.options,
      },
      signal,
    );
  },
};
