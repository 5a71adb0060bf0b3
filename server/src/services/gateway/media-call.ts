import { embeddingEndpoints, embeddingModelInfo, embeddingModels, type EmbeddingsRequest, type EndpointName, type ImageGenerationRequest } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import { countCallerRequest, type GatewayCaller } from './gateway-caller.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { estimateOf, type CallEstimate } from './gateway-meter.ts';
import { meteredCall } from './metered-call.ts';
import { routeModel } from './model-route.ts';
import { mediaAdapterFor } from './upstream/adapters.ts';
import { callUpstream, upstreamTarget } from './upstream-target.ts';

export interface MediaCallInput<R> {
  caller: GatewayCaller;
  request: R;
  clientIp: string;
  signal: AbortSignal;
}

const notFound = (model: string) => new AppError('model_not_found', `The model \`${model}\` does not exist or you do not have access to it.`, { model });

/** The embedding models this caller may call, with the endpoint serving each: OpenAI's, on an enabled OpenAI or Azure account. */
export function embeddingModelsFor(ctx: AppContext, caller: GatewayCaller): Map<string, EndpointName> {
  const models = new Map<string, EndpointName>();
  for (const endpoint of embeddingEndpoints) {
    if (!endpointSettings(ctx.env, endpoint).enabled && !ctx.channels.servesEndpoint(endpoint)) continue;
    for (const { id } of embeddingModels) {
      if (!models.has(id) && (!caller.models || caller.models.includes(id))) models.set(id, endpoint);
    }
  }
  return models;
}

/** The prompt tokens an upstream reported for embeddings (`usage.prompt_tokens`), if any. */
function embeddingTokens(json: string): number | undefined {
  const tokens = (JSON.parse(json) as { usage?: { prompt_tokens?: unknown } }).usage?.prompt_tokens;
  return typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : undefined;
}

/** Texts are estimated as any prompt; token arrays are their own count. */
function embeddingEstimate(input: EmbeddingsRequest['input']): CallEstimate {
  if (typeof input === 'string') return estimateOf(input);
  const texts = input.filter((item): item is string => typeof item === 'string');
  const tokens = input.reduce<number>((n, item) => n + (typeof item === 'string' ? 0 : Array.isArray(item) ? item.length : 1), 0);
  const estimate = estimateOf(texts.join('\n'));
  return { ...estimate, inputTokens: estimate.inputTokens + tokens };
}

/** `POST /v1/images/generations`: an image model the caller may use, charged as a chat call of it is. */
export async function runImageCall(ctx: AppContext, input: MediaCallInput<ImageGenerationRequest>): Promise<string> {
  const { caller, request, signal } = input;
  await countCallerRequest(ctx, caller);
  const endpoint = await routeModel(ctx, caller, request.model, 'image');
  const adapter = mediaAdapterFor(endpoint);
  if (!adapter) throw notFound(request.model);
  const target = await upstreamTarget(ctx, endpoint, request.model, caller.userId);
  return meteredCall(ctx, { caller, target, estimate: estimateOf(request.prompt), dialect: 'images', clientIp: input.clientIp, signal }, async (metering) => {
    const json = await callUpstream(ctx, target, (routed, io) => adapter.images(routed, request, io.signal), { signal, streamed: false }).catch((error: unknown) => {
      throw gatewayFailure(error);
    });
    metering.produced = true;
    return json;
  });
}

/** `POST /v1/embeddings`: OpenAI's embedding models on the configured OpenAI or Azure account. */
export async function runEmbeddingsCall(ctx: AppContext, input: MediaCallInput<EmbeddingsRequest>): Promise<string> {
  const { caller, request, signal } = input;
  await countCallerRequest(ctx, caller);
  const endpoint = embeddingModelsFor(ctx, caller).get(request.model);
  const info = embeddingModelInfo(request.model);
  if (!endpoint || !info) throw notFound(request.model);
  if (request.dimensions !== undefined && (!info.shortens || request.dimensions > info.dimensions)) {
    throw new AppError('validation', `The model \`${request.model}\` takes dimensions up to ${info.shortens ? info.dimensions : 'none (it cannot shorten its vectors)'}.`);
  }
  const adapter = mediaAdapterFor(endpoint)!;
  const target = await upstreamTarget(ctx, endpoint, request.model, caller.userId);
  return meteredCall(ctx, { caller, target, estimate: embeddingEstimate(request.input), dialect: 'embeddings', clientIp: input.clientIp, signal }, async (metering) => {
    const json = await callUpstream(ctx, target, (routed, io) => adapter.embeddings(routed, request, io.signal), { signal, streamed: false }).catch((error: unknown) => {
      throw gatewayFailure(error);
    });
    metering.produced = true;
    const tokens = embeddingTokens(json);
    if (tokens !== undefined) metering.usage = { input: tokens, output: 0, cached: 0, reasoning: 0 };
    return json;
  });
}
