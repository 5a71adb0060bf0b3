import type { EndpointName } from '@parley/core';
import { openAICompatibleAdapter } from './openai-compatible.ts';
import { anthropicAdapter, googleAdapter } from './translated-adapters.ts';
import type { ChatAdapter, MediaAdapter } from './types.ts';

/**
 * The upstream adapter of each endpoint the API reaches. OpenAI-compatible endpoints get the
 * request as it came; Anthropic and Google get it translated into their own API and answer in
 * canonical chunks (`dialects/`).
 */
const chatAdapters: Partial<Record<EndpointName, ChatAdapter>> = {
  openAI: openAICompatibleAdapter,
  azureOpenAI: openAICompatibleAdapter,
  deepSeek: openAICompatibleAdapter,
  grok: openAICompatibleAdapter,
  anthropic: anthropicAdapter,
  google: googleAdapter,
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
