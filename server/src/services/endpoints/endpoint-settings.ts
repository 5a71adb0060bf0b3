import type { EndpointName } from '@parley/core';
import { endpointEnvPrefixes, type Env } from '../../config/env.ts';

/** The `X_API_KEY` value that lets each user bring their own key. */
const USER_PROVIDED = 'user_provided';

/** gptPlugins runs on the OpenAI account; every other endpoint has its own variables. */
function endpointEnvPrefix(endpoint: EndpointName): string {
  if (endpoint === 'gptPlugins') return endpointEnvPrefixes.openAI;
  return endpointEnvPrefixes[endpoint];
}

export interface EndpointSettings {
  /** Set when the endpoint has any key, the server's own or `user_provided`. */
  enabled: boolean;
  userProvide: boolean;
  /** The server's key; undefined when unset or left to the users. */
  serverKey?: string;
  baseURL?: string;
  /** The raw `X_MODELS` comma list. */
  models?: string;
}

/** What the configuration says about one endpoint. */
export function endpointSettings(env: Env, endpoint: EndpointName): EndpointSettings {
  const prefix = endpointEnvPrefix(endpoint);
  const key = env[`${prefix}_API_KEY`];
  const userProvide = key === USER_PROVIDED;
  return {
    enabled: Boolean(key),
    userProvide,
    serverKey: key && !userProvide ? key : undefined,
    baseURL: env[`${prefix}_BASE_URL`],
    models: env[`${prefix}_MODELS`],
  };
}
