import { endpointOrder, resolveModel, type EndpointName, type ModelApi } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { offeredModelLists } from '../models/offered-model.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { GatewayCaller } from './gateway-caller.ts';
import { chatAdapterFor } from './upstream/adapters.ts';

/** What kind of call a `/v1` route makes; a model answers only the kind its API is. */
export type GatewayApi = ModelApi;

/** gptPlugins shares the OpenAI account and its models: the API reaches them through openAI. */
const apiEndpoints = endpointOrder.filter((endpoint) => endpoint !== 'gptPlugins' && chatAdapterFor(endpoint) !== undefined);

/**
 * Every model this caller may call through the API, with the endpoint that serves it: the
 * endpoints' lists as `GET /api/models` serves them (within the caller's allow-list), only
 * endpoints the API can reach, each id once (the first endpoint in the menu's order wins).
 */
export async function apiModels(ctx: AppContext, caller: GatewayCaller, api: GatewayApi): Promise<Map<string, EndpointName>> {
  const lists = await offeredModelLists(ctx, { allowedModels: caller.models });
  const models = new Map<string, EndpointName>();
  for (const endpoint of apiEndpoints) {
    const settings = endpointSettings(ctx.env, endpoint);
    if (!settings.enabled && !ctx.channels.servesEndpoint(endpoint)) continue;
    const { aliases } = settings;
    for (const id of lists[endpoint] ?? []) {
      if (!models.has(id) && resolveModel(endpoint, id, aliases).api === api) models.set(id, endpoint);
    }
  }
  return models;
}

/**
 * The endpoint serving `model` for this caller, or 404 `model_not_found` in OpenAI's words
 * (a model outside the caller's allow-list is as unknown to it as one nobody offers). Only the
 * asked id is resolved: a call does not build the whole list.
 */
export async function routeModel(ctx: AppContext, caller: GatewayCaller, model: string, api: GatewayApi): Promise<EndpointName> {
  if (!caller.models || caller.models.includes(model)) {
    const lists = await ctx.models.all();
    for (const endpoint of apiEndpoints) {
      const settings = endpointSettings(ctx.env, endpoint);
      if (settings.enabled && lists[endpoint]?.includes(model) && resolveModel(endpoint, model, settings.aliases).api === api) return endpoint;
    }
  }
  throw new AppError('model_not_found', `The model \`${model}\` does not exist or you do not have access to it.`, { model });
}
