import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { EndpointName } from '@parley/core';
import { deploymentFor, parseAzureCredential } from '../providers/azureOpenAI/azure-credential.ts';
import { azureOpenAIRoot } from '../providers/azureOpenAI/azure-provider.ts';
import { geminiModel } from '../providers/google/google-provider.ts';
import { parseServiceAccount } from '../providers/google/service-account.ts';
import type { ChatRequest } from '../providers/types.ts';

/** The public API of each OpenAI-compatible endpoint, when the operator set no base URL. */
const compatibleBaseURLs: Partial<Record<EndpointName, string>> = {
  openAI: 'https://api.openai.com/v1',
  deepSeek: 'https://api.deepseek.com',
  grok: 'https://api.x.ai/v1',
};

/**
 * A tool-calling model for the smoke test's tools check, on the endpoint's account: Chat
 * Completions `tools` for OpenAI, Azure deployments, DeepSeek and xAI; Anthropic `tool_use`;
 * Gemini `functionCall` (the API key's or the service account's Vertex).
 */
export function toolModel(endpoint: EndpointName, request: ChatRequest, upstreamId: string, signal: AbortSignal): LanguageModelV3 {
  if (endpoint === 'anthropic') return createAnthropic({ apiKey: request.apiKey, baseURL: request.baseURL })(upstreamId);
  if (endpoint === 'google') return geminiModel(request, parseServiceAccount(request.apiKey), upstreamId, signal);
  if (endpoint === 'azureOpenAI') {
    const credential = parseAzureCredential(request.apiKey);
    const { root, fetch } = azureOpenAIRoot(credential, request);
    const azure = createAzure({ apiKey: credential.azureOpenAIApiKey, apiVersion: credential.azureOpenAIApiVersion, useDeploymentBasedUrls: true, baseURL: root, fetch });
    return azure.chat(deploymentFor(credential, request.model, upstreamId));
  }
  const baseURL = request.baseURL ?? compatibleBaseURLs[endpoint];
  return createOpenAI({ apiKey: request.apiKey, baseURL }).chat(upstreamId);
}
