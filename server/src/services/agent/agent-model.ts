import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import { acceptedSampling, endpointProviders, isOpenAIReasoningModel, resolveModel, type EndpointName } from '@parley/core';
import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { AppContext } from '../../app/context.ts';
import { claudeAgentThinking } from '../../providers/anthropic/anthropic-provider.ts';
import { deploymentFor, parseAzureCredential } from '../../providers/azureOpenAI/azure-credential.ts';
import { azureOpenAIRoot } from '../../providers/azureOpenAI/azure-provider.ts';
import { geminiModel, thinksByLevel } from '../../providers/google/google-provider.ts';
import { parseServiceAccount } from '../../providers/google/service-account.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { requireKey } from '../../providers/sampling.ts';
import type { ChatRequest } from '../../providers/types.ts';
import { resolveCredentials } from '../chat/credentials.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

const defaultBaseURL = 'https://api.openai.com/v1';

/** The agent's model, ready to call, with the sampling its API takes. */
export interface AgentModel {
  model: LanguageModelV3;
  /** Undefined for models the catalog marks as taking no sampling (GPT-6 while reasoning, Claude 5): never sent. */
  temperature?: number;
  /** Sent with every call: Claude's thinking, set explicitly. */
  providerOptions?: SharedV3ProviderOptions;
  /** Whether the model takes stop sequences: OpenAI's reasoning models refuse `stop`. */
  takesStop: boolean;
  /** Whether the classic agent may hand its scratchpad back as the model's own turn to continue (not Claude's). */
  takesPrefill: boolean;
}

/** Gemini 3's recommended temperature: Google warns that lower values can loop or degrade its reasoning. */
const gemini3Temperature = 1;

/**
 * Which endpoint's account runs an agent model: a Claude or Gemini model (a spec id or an
 * upstream id the catalog knows) runs on the Anthropic or Google account, every other model on
 * the gptPlugins account (OpenAI, or Azure with PLUGINS_USE_AZURE).
 */
export function agentEndpoint(ctx: Pick<AppContext, 'env'>, model: string): { endpoint: EndpointName; upstreamId: string } {
  for (const endpoint of ['anthropic', 'google'] as const) {
    const resolved = resolveModel(endpoint, model, endpointSettings(ctx.env, endpoint).aliases);
    if (resolved.info?.provider === endpointProviders[endpoint]) return { endpoint, upstreamId: resolved.upstreamId };
  }
  return { endpoint: 'gptPlugins', upstreamId: resolveModel('gptPlugins', model, endpointSettings(ctx.env, 'gptPlugins').aliases).upstreamId };
}

/**
 * The agent model of `agentOptions.model` with native tool calling: OpenAI Chat Completions
 * (`tools` / `tool_calls` / `role: tool`), the same on Azure deployments, Anthropic Messages
 * (`tool_use` / `tool_result`) or Gemini (`functionCall` / `functionResponse`). The Anthropic
 * and Google accounts are those of their endpoints: the server's key or the user's own.
 */
export async function agentModel(
  ctx: Pick<AppContext, 'env' | 'db' | 'secrets' | 'serviceAccountTokens' | 'channels'>,
  userId: string,
  request: ChatRequest,
  model: string,
  /** `agentOptions.temperature`; unset, 0 (Gemini 3: its recommended 1.0). */
  temperature: number | undefined,
  signal: AbortSignal,
): Promise<AgentModel> {
  const { endpoint, upstreamId } = agentEndpoint(ctx, model);
  const wanted = temperature ?? (endpoint === 'google' && thinksByLevel(upstreamId) ? gemini3Temperature : 0);
  // The agent's own calls do not reason, except on models that always do: those take no sampling.
  const sampling = acceptedSampling(upstreamId, { temperature: wanted }, true);
  const reasoningOpenAI = endpoint === 'gptPlugins' && isOpenAIReasoningModel(upstreamId);
  const withSampling = (languageModel: LanguageModelV3): AgentModel => ({ model: languageModel, temperature: sampling.temperature, takesStop: !reasoningOpenAI, takesPrefill: endpoint !== 'anthropic' });
  if (endpoint === 'anthropic' || endpoint === 'google') {
    const credentials = await resolveCredentials(ctx, endpoint, userId);
    // A step inside the agent's run has no failover of its own: it takes one channel of the endpoint.
    const target = credentials.viaChannels ? ctx.channels.pick({ model, endpoint }) : undefined;
    if (credentials.viaChannels && !target) throw new ProviderError('upstream_overloaded', `every channel serving ${model} on ${endpoint} is disabled`);
    const own = { ...request, ...credentials, ...(target ? { apiKey: target.apiKey, baseURL: target.baseURL } : {}) };
    if (endpoint === 'google') return withSampling(geminiModel(own, parseServiceAccount(requireKey(own.apiKey)), upstreamId, signal));
    const providerOptions = claudeAgentThinking(upstreamId);
    const claude = withSampling(createAnthropic({ apiKey: requireKey(own.apiKey), baseURL: own.baseURL })(upstreamId));
    // While Claude thinks it takes no temperature but 1.
    return providerOptions ? { ...claude, temperature: undefined, providerOptions } : claude;
  }
  if (ctx.env.PLUGINS_USE_AZURE) {
    const credential = parseAzureCredential(request.apiKey);
    const { root, fetch } = azureOpenAIRoot(credential, request);
    const azure = createAzure({ apiKey: credential.azureOpenAIApiKey, apiVersion: credential.azureOpenAIApiVersion, useDeploymentBasedUrls: true, baseURL: root, fetch });
    return withSampling(azure.chat(deploymentFor(credential, model, upstreamId)));
  }
  const openai = createOpenAI({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL ?? defaultBaseURL });
  return withSampling(openai.chat(upstreamId));
}
