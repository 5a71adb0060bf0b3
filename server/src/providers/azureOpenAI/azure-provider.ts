import { createAzure } from '@ai-sdk/azure';
import { isOpenAIReasoningModel, upstreamModel } from '@parley/core';
import { openAIReasoningEffort } from '../chat-completions/chat-completions-body.ts';
import { streamChatCompletions } from '../chat-completions/stream-chat-completions.ts';
import { streamImage } from '../image-stream.ts';
import { lastUserAttachments, lastUserText } from '../prompt.ts';
import { streamResponses } from '../responses/stream-responses.ts';
import { trimSlash } from '../sampling.ts';
import { outboundFetch } from '../../net/outbound-fetch.ts';
import { guardedLookup, OutboundUrlError, strictOutboundPolicy } from '../../net/outbound-url.ts';
import { ProviderError } from '../provider-error.ts';
import type { ChatProvider, ChatRequest } from '../types.ts';
import { azureChatFields } from './azure-api-version.ts';
import { azureInstanceRoot, deploymentFor, parseAzureCredential, type AzureCredential } from './azure-credential.ts';
import { lazyEvents } from '../event-iterators.ts';

/**
 * The operator's base URL (trusted, as configured), else the instance's own root, which comes
 * from the user's key: checked, and connected to only through the guarded lookup.
 */
export function azureOpenAIRoot(credential: AzureCredential, request: Pick<ChatRequest, 'baseURL' | 'outbound'>) {
  if (request.baseURL) return { root: `${trimSlash(request.baseURL).replace(/\/openai$/, '')}/openai` };
  const policy = request.outbound ?? strictOutboundPolicy;
  try {
    const root = trimSlash(azureInstanceRoot(credential.azureOpenAIApiInstanceName, policy));
    return policy.allowAll ? { root } : { root, lookup: guardedLookup, fetch: outboundFetch(policy) };
  } catch (error) {
    if (error instanceof OutboundUrlError) throw new ProviderError('invalid_api_key', `Azure instance refused: ${error.message}`);
    throw error;
  }
}

/**
 * Azure OpenAI, `api-key` header. Chat models (and GPT-6 with reasoning off) through the
 * deployment URLs (`/openai/deployments/{deployment}/chat/completions?api-version=…`), sending
 * only the fields the key's api-version accepts. Reasoning models through Azure's v1 Responses
 * API (`/openai/v1/responses`, the deployment as `model`, no api-version), the one that streams
 * a summary of their reasoning, shown as on OpenAI. Pictures are drawn, or the attached one
 * edited, on the image deployment. A base URL override replaces only the origin, so a reverse
 * proxy sees the same path Azure would.
 */
export const azureOpenAIProvider: ChatProvider = {
  stream: (request, signal) =>
    lazyEvents(() => {
      const credential = parseAzureCredential(request.apiKey);
      const upstream = upstreamModel('azureOpenAI', request.model, request.modelAliases);
      const deployment = deploymentFor(credential, request.model, upstream.id);
      const { root, lookup, fetch } = azureOpenAIRoot(credential, request);
      if (upstream.api === 'image') {
        const azure = createAzure({
          apiKey: credential.azureOpenAIApiKey,
          // Image models often need a newer (preview) API version than chat; the key may name it.
          apiVersion: credential.azureOpenAIImagesApiVersion || credential.azureOpenAIApiVersion,
          useDeploymentBasedUrls: true,
          baseURL: root,
          fetch,
        });
        return streamImage(azure.image(deployment), lastUserText(request.messages), signal, lastUserAttachments(request.messages));
      }
      const headers = { 'api-key': credential.azureOpenAIApiKey };
      const effort = openAIReasoningEffort(upstream.id, upstream.reasoningEffort, request.leastReasoning);
      if (isOpenAIReasoningModel(upstream.id) && effort !== 'none') {
        const call = { url: `${root}/v1/responses`, headers, lookup, model: deployment, turns: request.messages, options: request.options };
        return streamResponses({ ...call, reasoning: { effort, summary: !request.leastReasoning } }, signal);
      }
      const fields = azureChatFields(credential.azureOpenAIApiVersion);
      const version = encodeURIComponent(credential.azureOpenAIApiVersion);
      return streamChatCompletions(
        {
          flavor: 'azure',
          url: `${root}/deployments/${encodeURIComponent(deployment)}/chat/completions?api-version=${version}`,
          headers,
          lookup,
          model: upstream.id,
          sentModel: deployment,
          // Without reasoning_effort (api-versions before 2024-12-01) GPT-6 reasons, and takes no sampling.
          reasoningEffort: fields.reasoningEffort ? effort : undefined,
          azureFields: fields,
          turns: request.messages,
          options: request.options,
        },
        signal,
      );
    }),
};
