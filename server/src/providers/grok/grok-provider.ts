import { createXai } from '@ai-sdk/xai';
import { upstreamInfo, upstreamModel } from '@parley/core';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserAttachments, lastUserText } from '../prompt.ts';
import { streamResponses } from '../responses/stream-responses.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';
import { lazyEvents } from '../event-iterators.ts';

const defaultBaseURL = 'https://api.x.ai/v1';

/**
 * xAI Grok through Chat Completions. The grok panel offers only a model and a prompt prefix,
 * so no sampling settings are sent (xAI's reasoning models refuse the penalties). Deep search
 * goes through the Responses API with xAI's server-side search tools (web and X), whose
 * citations become links under the reply; the reasoning product asks for high reasoning effort.
 */
export const grokProvider: ChatProvider = {
  stream: (request, signal) =>
    lazyEvents(() => {
      const apiKey = requireKey(request.apiKey);
      const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
      const upstream = upstreamModel('grok', request.model, request.modelAliases);
      if (upstream.api === 'image') {
        return streamImage(createXai({ apiKey, baseURL }).image(upstream.id), lastUserText(request.messages), signal, lastUserAttachments(request.messages));
      }
      const headers = { authorization: `Bearer ${apiKey}` };
      if (upstream.api === 'chat' && upstream.liveSearch) {
        const tools = [{ type: 'web_search' }, { type: 'x_search' }];
        return streamResponses({ url: `${baseURL}/responses`, headers, model: upstream.id, turns: request.messages, options: request.options, tools }, signal);
      }
      // The least reasoning (a title) is xAI's `low` effort on a model that thinks.
      const least = request.leastReasoning === true && upstreamInfo(upstream.id)?.capabilities.reasoning === true;
      const effort = upstream.api === 'chat' ? { reasoningEffort: least ? ('low' as const) : upstream.reasoningEffort } : {};
      return streamChatCompletions(bearerChatCall('xai', baseURL, apiKey, request, { model: upstream.id, ...effort }), signal);
    }),
};
