import { createAnthropic } from '@ai-sdk/anthropic';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, systemPrompt } from '../prompt.ts';
import { requireKey, topKSampling } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/**
 * Anthropic Messages API. Current Claude models refuse temperature and top_p together; the
 * SDK then keeps temperature and drops top_p, which is what a user moving one slider expects.
 */
export const anthropicProvider: ChatProvider = {
  async *stream(request, signal) {
    const anthropic = createAnthropic({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('anthropic', request.model);
    yield* streamModel(
      {
        model: anthropic(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...topKSampling(request.options),
      },
      signal,
    );
  },
};
