import { createOpenAI } from '@ai-sdk/openai';
import { isOpenAIReasoningModel, upstreamModel } from '@parley/core';
import { openAIReasoningEffort } from '../chat-completions/chat-completions-body.ts';
import { bearerChatCall, streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamResponses } from '../responses/stream-responses.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserAttachments, lastUserText } from '../prompt.ts';
import { requireKey, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';
import { openAIApiOf } from './openai-api.ts';
import { lazyEvents } from '../event-iterators.ts';

const defaultBaseURL = 'https://api.openai.com/v1';

/**
 * OpenAI: reasoning models (o-series, GPT-5, GPT-6 while reasoning) through the Responses API,
 * the one that streams a summary of their reasoning (shown collapsed, as reasoning), unless the
 * operator's base URL speaks only Chat Completions (`openAIApiOf`); chat models and GPT-6 with
 * reasoning off through Chat Completions; the drawing model through the images API.
 */
export const openAIProvider: ChatProvider = {
  stream: (request, signal) =>
    lazyEvents(() => {
      const apiKey = requireKey(request.apiKey);
      const baseURL = trimSlash(request.baseURL ?? defaultBaseURL);
      const upstream = upstreamModel('openAI', request.model, request.modelAliases);
      if (upstream.api === 'image') {
        return streamImage(createOpenAI({ apiKey, baseURL }).image(upstream.id), lastUserText(request.messages), signal, lastUserAttachments(request.messages));
      }
      const effort = openAIReasoningEffort(upstream.id, upstream.reasoningEffort, request.leastReasoning);
      if (isOpenAIReasoningModel(upstream.id) && effort !== 'none' && openAIApiOf(request, baseURL) === 'responses') {
        const headers = { authorization: `Bearer ${apiKey}` };
        const call = { url: `${baseURL}/responses`, headers, model: upstream.id, turns: request.messages, options: request.options };
        return streamResponses({ ...call, reasoning: { effort, summary: !request.leastReasoning } }, signal);
      }
      return streamChatCompletions(bearerChatCall('openai', baseURL, apiKey, request, { model: upstream.id, reasoningEffort: effort }), signal);
    }),
};
