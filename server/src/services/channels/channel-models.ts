import { endpointProviders, parseModelList, resolveModel, type AliasOverrides, type EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import type { Channel } from './channel.ts';

/** What a call asks for: a model, and for the web chat the endpoint it was asked on. */
export interface ChannelQuery {
  model: string;
  /** The web chat's endpoint: only channels of its provider serve it. Absent for the API, which reaches any provider. */
  endpoint?: EndpointName;
}

/** How one channel serves the asked model. */
export interface ServedModel {
  /** The name sent upstream: the channel's mapping, else the catalog's upstream id of the asked name. */
  upstreamModel: string;
  /** The endpoint's `X_MODEL_ALIASES` with the channel's mapping over them, as providers apply them. */
  modelAliases: AliasOverrides;
}

/**
 * Whether `channel` serves the query's model, and as what. A file channel serves the names of
 * its `models` and `model_mapping` (and, on the web, a catalog id whose upstream id it lists);
 * an `*_API_KEY` channel serves whatever its endpoint offers: every model the web lets the user
 * pick there, and through the API its listed models and the catalog's models of its provider.
 */
export function servedModel(env: Env, channel: Channel, query: ChannelQuery): ServedModel | undefined {
  if (query.endpoint !== undefined && channel.endpoint !== (query.endpoint === 'gptPlugins' ? pluginsAccount(env) : query.endpoint)) return undefined;
  const modelAliases = { ...endpointSettings(env, channel.endpoint).aliases, ...channel.modelMapping };
  const resolved = resolveModel(channel.endpoint, query.model, modelAliases);
  const served = { upstreamModel: resolved.upstreamId, modelAliases };
  const { model } = query;
  if (channel.source === 'env') {
    if (query.endpoint !== undefined) return served;
    const listed = parseModelList(endpointSettings(env, channel.endpoint).models, channel.endpoint as EndpointName).includes(model);
    return listed || resolved.info?.provider === endpointProviders[channel.endpoint] ? served : undefined;
  }
  if (Object.hasOwn(channel.modelMapping, model) || channel.models.includes(model)) return served;
  return query.endpoint !== undefined && channel.models.includes(resolved.upstreamId) ? served : undefined;
}
