import { resolveModel, type AliasOptions, type EndpointName } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { resolveCredentials, type Credentials } from '../chat/credentials.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

/** Where one call goes upstream: the account, its credential and the model id it is sent as. */
export interface UpstreamTarget {
  endpoint: EndpointName;
  /** The channel named in usage records; today each endpoint's `*_API_KEY` is one channel, named after the endpoint. */
  channel: string;
  /** The id asked for (an alias of the catalog, or the upstream's own id). */
  model: string;
  /** The id sent upstream. */
  upstreamModel: string;
  /** The product's extras the alias carries (a reasoning effort, thinking on). */
  aliasOptions: AliasOptions;
  credentials: Credentials;
}

/**
 * The one place the gateway asks where a call goes. Today: the endpoint's server credential (or
 * the caller's own stored key on a `user_provided` endpoint) and the endpoint's alias mapping.
 * Channels (several upstream accounts per model, failover) replace the body of this function.
 */
export async function upstreamTarget(ctx: AppContext, endpoint: EndpointName, model: string, userId: string): Promise<UpstreamTarget> {
  const credentials = await resolveCredentials(ctx, endpoint, userId);
  const resolved = resolveModel(endpoint, model, endpointSettings(ctx.env, endpoint).aliases);
  return { endpoint, channel: endpoint, model, upstreamModel: resolved.upstreamId, aliasOptions: resolved.options, credentials };
}
