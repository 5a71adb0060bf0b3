import { createOpenAI } from '@ai-sdk/openai';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { streamImage } from '../image-stream.ts';
import { conversationMessages, lastUserText, systemPrompt } from '../prompt.ts';
import { openAISampling, requireKey } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/** OpenAI through Chat Completions (`openai.chat()`); the drawing model goes to the images API. */
export const openAIProvider: ChatProvider = {
  async *stream(request, signal) {
    const openai = createOpenAI({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('openAI', request.model);
    if (upstream.api === 'image') {
      yield* streamImage(openai.image(upstream.id), lastUserText(request.messages), signal);
      return;
    }
    yield* streamModel(
      {
        model: openai.chat(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...openAISampling(request.options),
      },
      signal,
    );
  },
};
