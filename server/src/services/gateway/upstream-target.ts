import { resolveModel, type AliasOptions, type EndpointName } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { resolveCredentials, type Credentials } from '../chat/credentials.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

/** Where one call goes upstream: the account, its credential and the model id it is sent as. */
export interface UpstreamTarget {
  endpoint: EndpointName;
  /**
   * The channel named in usage records: the one that answered (or failed last); null when no
   * channel was reached (every one of the model disabled) or the caller's own key was used.
   */
  channel: string | null;
  /** The id asked for (an alias of the catalog, or the upstream's own id). */
  model: string;
  /** The id sent upstream. */
  upstreamModel: string;
  /** The product's extras the alias carries (a reasoning effort, thinking on). */
  aliasOptions: AliasOptions;
  credentials: Credentials;
}

/**
 * The one place the gateway asks where a call goes: the endpoint's alias mapping, and either the
 * caller's own stored key (a `user_provided` endpoint) or the server's channels, which
 * `callUpstream` picks from per attempt.
 */
export async function upstreamTarget(ctx: AppContext, endpoint: EndpointName, model: string, userId: string): Promise<UpstreamTarget> {
  const credentials = await resolveCredentials(ctx, endpoint, userId);
  const resolved = resolveModel(endpoint, model, endpointSettings(ctx.env, endpoint).aliases);
  return { endpoint, channel: null, model, upstreamModel: resolved.upstreamId, aliasOptions: resolved.options, credentials };
}

/** What an upstream call is handed besides its target. */
export interface UpstreamIo {
  signal: AbortSignal;
  /** Called before the first byte is handed to the caller: from then on no other channel is tried. */
  output(): void;
}

/**
 * Runs one upstream call of `target`. A server-paid target goes through the channels of its
 * endpoint: each attempt writes its channel's name, key, base URL and model name into the target
 * (so the usage record names the channel that answered) and a failure before `output()` (429,
 * 5xx, a timeout, a refused connection or key) is tried again on the next channel, unseen by
 * the caller. A call answered whole (`streamed: false`) has no first-byte timeout.
 */
export function callUpstream<T>(ctx: AppContext, target: UpstreamTarget, call: (target: UpstreamTarget, io: UpstreamIo) => Promise<T>, options: { signal: AbortSignal; streamed: boolean }): Promise<T> {
  if (!target.credentials.viaChannels) return call(target, { signal: options.signal, output: () => undefined });
  const query = { model: target.model, endpoint: target.endpoint };
  return ctx.channels.call(
    query,
    (channel, signal, output) => {
      Object.assign(target, { channel: channel.channel, upstreamModel: channel.upstreamModel, credentials: { ...target.credentials, apiKey: channel.apiKey, baseURL: channel.baseURL } });
      return call(target, { signal, output });
    },
    { signal: options.signal, firstByteTimeoutMs: options.streamed ? undefined : null },
  );
}
