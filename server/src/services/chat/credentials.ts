import type { EndpointName } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { outboundPolicy, type OutboundPolicy } from '../../net/outbound-url.ts';
import type { ServiceAccountTokens } from '../../providers/google/service-account.ts';
import type { ProviderSettings } from '../../providers/types.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { readUserKey } from '../keys/user-key-store.ts';

export interface Credentials {
  apiKey: string;
  baseURL?: string;
  /** The user whose own key this is; absent for the server's key. */
  owner?: string;
  /** Where addresses inside the key may lead: the server's policy for a user's key, anywhere for the operator's own. */
  outbound: OutboundPolicy;
  /** The process's cache of service-account tokens (Vertex keys); none: a token per call. */
  serviceAccountTokens?: ServiceAccountTokens;
  settings?: ProviderSettings;
  /**
   * The server pays: no key here, each call takes one from the endpoint's channels (CHANNELS_FILE
   * and the `*_API_KEY` variable), failing over between them (`services/channels/`).
   */
  viaChannels?: true;
}

const providerSettings = (env: AppContext['env']): ProviderSettings => ({
  ...(env.OPENAI_API ? { openAIApi: env.OPENAI_API } : {}),
  vertexLocation: env.GOOGLE_VERTEX_LOCATION,
  chatGPTBrowserTimeoutMs: env.CHATGPT_BROWSER_TIMEOUT_MS,
  ...(env.BINGAI_PROTOCOL === 'sydney' ? { bingProtocol: 'sydney' as const } : {}),
});

/** Endpoints no channel type speaks: the operator's key goes to the operator's base URL as it is. */
const withoutChannels: ReadonlySet<EndpointName> = new Set<EndpointName>(['bingAI', 'chatGPTBrowser']);

/** Addresses inside the operator's own keys are trusted like the base URLs the operator set. */
export const operatorChosen: OutboundPolicy = { hosts: [], allowAll: true };

/**
 * The credential of one request: the server's channels (their keys trusted like their base URLs), or for a `user_provided` endpoint the
 * caller's own unexpired stored key (gptPlugins shares the OpenAI account, or Azure's with
 * PLUGINS_USE_AZURE, so that account's key serves it too). No key at all is `unknown_endpoint`; a missing user key is `no_user_key`,
 * which the client answers with its "set key" button.
 */
export async function resolveCredentials(
  ctx: Pick<AppContext, 'env' | 'db' | 'secrets' | 'serviceAccountTokens' | 'channels'>,
  endpoint: EndpointName,
  userId: string,
): Promise<Credentials> {
  const settings = endpointSettings(ctx.env, endpoint);
  // CHANNELS_FILE's channels make an endpoint the server's as its *_API_KEY does (unless users bring their own keys).
  const serverPays = settings.serverKey !== undefined || (!settings.userProvide && ctx.channels.servesEndpoint(endpoint));
  if (!settings.enabled && !serverPays) throw new AppError('unknown_endpoint');
  const shared = { serviceAccountTokens: ctx.serviceAccountTokens, settings: providerSettings(ctx.env) };
  // No channel type speaks these (Bing, ChatGPT's web back end): the operator's cookie or token goes straight to its base URL.
  if (settings.serverKey !== undefined && withoutChannels.has(endpoint)) {
    return { apiKey: settings.serverKey, baseURL: settings.baseURL, outbound: operatorChosen, ...shared };
  }
  // The channel of each call brings its key and base URL (channel-provider.ts, callUpstream).
  if (serverPays) return { apiKey: '', outbound: operatorChosen, ...shared, viaChannels: true };
  const read = (name: EndpointName) => readUserKey(ctx.db, ctx.secrets.credsKey, userId, name);
  const apiKey = (await read(endpoint)) ?? (endpoint === 'gptPlugins' ? await read(pluginsAccount(ctx.env)) : undefined);
  if (!apiKey) throw new AppError('no_user_key');
  return { apiKey, baseURL: settings.baseURL, owner: userId, outbound: outboundPolicy(ctx.env), ...shared };
}
