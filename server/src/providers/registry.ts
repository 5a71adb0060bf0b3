import type { EndpointName } from '@parley/core';
import { AppError } from '../app/errors.ts';
import { anthropicProvider } from './anthropic/anthropic-provider.ts';
import { azureOpenAIProvider } from './azureOpenAI/azure-provider.ts';
import { chatGPTBrowserProvider } from './chatGPTBrowser/chatgpt-browser-provider.ts';
import { bingProvider } from './bingAI/bing-provider.ts';
import { deepSeekProvider } from './deepSeek/deepseek-provider.ts';
import { googleProvider } from './google/google-provider.ts';
import { grokProvider } from './grok/grok-provider.ts';
import { openAIProvider } from './openAI/openai-provider.ts';
import type { ChatProvider } from './types.ts';

/** One provider per endpoint; an endpoint without an entry cannot be chatted with. */
const providers: Partial<Record<EndpointName, ChatProvider>> = {
  openAI: openAIProvider,
  azureOpenAI: azureOpenAIProvider,
  anthropic: anthropicProvider,
  google: googleProvider,
  deepSeek: deepSeekProvider,
  grok: grokProvider,
  chatGPTBrowser: chatGPTBrowserProvider,
  bingAI: bingProvider,
};

/** Whether Parley can chat with the endpoint at all. */
export function hasProvider(endpoint: EndpointName): boolean {
  return Object.hasOwn(providers, endpoint);
}

export function getProvider(endpoint: EndpointName | string): ChatProvider {
  const provider = Object.hasOwn(providers, endpoint) ? providers[endpoint as EndpointName] : undefined;
  if (!provider) throw new AppError('unknown_endpoint', `No provider for endpoint ${endpoint}`);
  return provider;
}
