import type { EndpointName } from '@parley/core';
import { openAICompatibleAdapter } from './openai-compatible.ts';
import type { ChatAdapter, MediaAdapter } from './types.ts';

/**
 * The upstream adapter of each endpoint the API reaches. OpenAI-compatible endpoints get the
 * request as it came; an endpoint with another API (Anthropic, Google) needs an adapter that
 * translates, added here.
 */
const chatAdapters: Partial<Record<EndpointName, ChatAdapter>> = {
  openAI: openAICompatibleAdapter,
  azureOpenAI: openAICompatibleAdapter,
  deepSeek: openAICompatibleAdapter,
  grok: openAICompatibleAdapter,
};

const mediaAdapters: Partial<Record<EndpointName, MediaAdapter>> = {
  openAI: openAICompatibleAdapter,
  azureOpenAI: openAICompatibleAdapter,
  grok: openAICompatibleAdapter,
};

export function chatAdapterFor(endpoint: EndpointName): ChatAdapter | undefined {
  return chatAdapters[endpoint];
}

export function mediaAdapterFor(endpoint: EndpointName): MediaAdapter | undefined {
  return mediaAdapters[endpoint];
}
