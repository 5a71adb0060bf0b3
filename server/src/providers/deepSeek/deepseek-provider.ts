import { createDeepSeek } from '@ai-sdk/deepseek';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, systemPrompt } from '../prompt.ts';
import { openAISampling, requireKey } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/** DeepSeek Chat Completions; `reasoning_content` of deepseek-reasoner arrives as reasoning events. */
export const deepSeekProvider: ChatProvider = {
  async *stream(request, signal) {
    const deepseek = createDeepSeek({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('deepSeek', request.model);
    yield* streamModel(
      {
        model: deepseek.chat(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...openAISampling(request.options),
      },
      signal,
    );
  },
};
