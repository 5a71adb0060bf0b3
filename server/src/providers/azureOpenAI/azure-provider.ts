import { createAzure } from '@ai-sdk/azure';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { streamImage } from '../image-stream.ts';
import { conversationMessages, lastUserText, systemPrompt } from '../prompt.ts';
import { openAISampling, trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';
import { deploymentFor, parseAzureCredential } from './azure-credential.ts';

/**
 * Azure OpenAI through the deployment URLs (`/openai/deployments/{deployment}/chat/completions
 * ?api-version=…`, `api-key` header). A base URL override replaces only the origin, so a
 * reverse proxy sees the same path Azure would.
 */
export const azureOpenAIProvider: ChatProvider = {
  async *stream(request, signal) {
    const credential = parseAzureCredential(request.apiKey);
    const azure = createAzure({
      apiKey: credential.azureOpenAIApiKey,
      apiVersion: credential.azureOpenAIApiVersion,
      useDeploymentBasedUrls: true,
      ...(request.baseURL
        ? { baseURL: `${trimSlash(request.baseURL).replace(/\/openai$/, '')}/openai` }
        : { resourceName: credential.azureOpenAIApiInstanceName }),
    });
    const upstream = upstreamModel('azureOpenAI', request.model);
    const deployment = deploymentFor(credential, upstream.id);
    if (upstream.api === 'image') {
      yield* streamImage(azure.image(deployment), lastUserText(request.messages), signal);
      return;
    }
    yield* streamModel(
      {
        model: azure.chat(deployment),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...openAISampling(request.options),
      },
      signal,
    );
  },
};
