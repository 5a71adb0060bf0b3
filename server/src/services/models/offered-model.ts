import { endpointOrder, resolveModel, type EndpointName, type ModelRetirements, type ModelsConfig } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

/** What narrows the models a caller may use beyond the endpoint's list: an access key's allow-list (none: the whole list). */
export interface ModelCaller {
  allowedModels?: readonly string[] | null;
}

type Ctx = Pick<AppContext, 'env' | 'models'>;

/**
 * The models an endpoint offers this caller: its list as `GET /api/models` serves it (X_MODELS,
 * or the catalog ids with the live list the operator lets it fetch), within the caller's
 * allow-list when it has one.
 */
async function offeredModels(ctx: Ctx, endpoint: EndpointName, caller: ModelCaller = {}): Promise<string[]> {
  const listed = await ctx.models.listFor(endpoint);
  const allowed = caller.allowedModels;
  return allowed ? listed.filter((id) => allowed.includes(id)) : listed;
}

/** Every endpoint's list as this caller sees it (`GET /api/models`). */
export async function offeredModelLists(ctx: Ctx, caller: ModelCaller = {}): Promise<ModelsConfig> {
  const lists = await ctx.models.all();
  const allowed = caller.allowedModels;
  if (!allowed) return lists;
  return Object.fromEntries(Object.entries(lists).map(([endpoint, ids]) => [endpoint, ids.filter((id) => allowed.includes(id))])) as ModelsConfig;
}

/** The offered models (as this caller sees them) that retire within 30 days, by endpoint, with their shutdown day. */
export async function retiringModelLists(ctx: Ctx, caller: ModelCaller = {}): Promise<ModelRetirements> {
  const allowed = caller.allowedModels;
  const lists = await Promise.all(
    endpointOrder.map(async (endpoint) => {
      const dates = Object.entries(await ctx.models.retiring(endpoint)).filter(([id]) => !allowed || allowed.includes(id));
      return [endpoint, Object.fromEntries(dates)] as const;
    }),
  );
  return Object.fromEntries(lists.filter(([, dates]) => Object.keys(dates).length > 0));
}

/**
 * Refuses (400 `model_not_offered`, naming the model) a call to a model the endpoint does not
 * offer this caller, before anything is held or sent upstream: an ask, a regenerate, an edit,
 * a continue, an agent's own model and (next) an API call all go through here.
 */
export async function assertModelOffered(ctx: Ctx, endpoint: EndpointName, model: string, caller: ModelCaller = {}): Promise<void> {
  if ((await offeredModels(ctx, endpoint, caller)).includes(model)) return;
  throw new AppError('model_not_offered', `The model "${model}" is not offered on ${endpoint}.`, { model, endpoint });
}

/**
 * A model the server picks itself (the title model) runs only when an offered id calls the same
 * upstream model, so no choice of the server's reaches a model the operator did not offer.
 */
export async function offersUpstreamOf(ctx: Ctx, endpoint: EndpointName, model: string, caller: ModelCaller = {}): Promise<boolean> {
  const aliases = endpointSettings(ctx.env, endpoint).aliases;
  const target = resolveModel(endpoint, model, aliases).upstreamId;
  return (await offeredModels(ctx, endpoint, caller)).some((id) => resolveModel(endpoint, id, aliases).upstreamId === target);
}
