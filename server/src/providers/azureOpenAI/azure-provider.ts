import { createAzure } from '@ai-sdk/azure';
import { upstreamModel } from '@parley/core';
import { streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserText } from '../prompt.ts';
import { trimSlash } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';
import { deploymentFor, parseAzureCredential, type AzureCredential } from './azure-credential.ts';

/** `https://{instance}.openai.azure.com/openai`, or the override's origin with the same path. */
function openaiRoot(credential: AzureCredential, baseURL: string | undefined): string {
  if (baseURL) return `${trimSlash(baseURL).replace(/\/openai$/, '')}/openai`;
  return `https://${credential.azureOpenAIApiInstanceName}.openai.azure.com/openai`;
}

/**
 * Azure OpenAI through the deployment URLs (`/openai/deployments/{deployment}/chat/completions
 * ?api-version=…`, `api-key` header). A base URL override replaces only the origin, so a
 * reverse proxy sees the same path Azure would.
 */
export const azureOpenAIProvider: ChatProvider = {
  async *stream(request, signal) {
    const credential = parseAzureCredential(request.apiKey);
    const upstream = upstreamModel('azureOpenAI', request.model);
    const deployment = deploymentFor(credential, upstream.id);
    const root = openaiRoot(credential, request.baseURL);
    if (upstream.api === 'image') {
      const azure = createAzure({
        apiKey: credential.azureOpenAIApiKey,
        apiVersion: credential.azureOpenAIApiVersion,
        useDeploymentBasedUrls: true,
        baseURL: root,
      });
      yield* streamImage(azure.image(deployment), lastUserText(request.messages), signal);
      return;
    }
    const version = encodeURIComponent(credential.azureOpenAIApiVersion);
    yield* streamChatCompletions(
      {
        flavor: 'azure',
        url: `${root}/deployments/${encodeURIComponent(deployment)}/chat/completions?api-version=${version}`,
        headers: { 'api-key': credential.azureOpenAIApiKey },
        model: upstream.id,
        sentModel: deployment,
        turns: request.messages,
        options: request.options,
      },
      signal,
    );
  },
};
