import { parseAliasOverrides, type AliasOverrides, type EndpointName } from '@parley/core';
import { endpointEnvPrefixes, type Env } from '../../config/env.ts';

/** The `X_API_KEY` value that lets each user bring their own key. */
const USER_PROVIDED = 'user_provided';

/** The account gptPlugins runs on: OpenAI's, or Azure OpenAI's with `PLUGINS_USE_AZURE`. */
export function pluginsAccount(env: Pick<Env, 'PLUGINS_USE_AZURE'>): 'openAI' | 'azureOpenAI' {
  return env.PLUGINS_USE_AZURE ? 'azureOpenAI' : 'openAI';
}

/** gptPlugins runs on its account's variables; every other endpoint has its own. */
function endpointEnvPrefix(env: Env, endpoint: EndpointName): string {
  return endpointEnvPrefixes[endpoint === 'gptPlugins' ? pluginsAccount(env) : endpoint];
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
  /** `X_MODEL_ALIASES`: the operator's alias → upstream model overrides. */
  aliases: AliasOverrides;
  /** `X_FETCH_MODELS`: add the provider's own live model list (on unless set to false). */
  fetchModels: boolean;
}

/**
 * The server's Azure key with `AZURE_OPENAI_DEPLOYMENTS` and `AZURE_OPENAI_IMAGES_API_VERSION`
 * folded in (the key's own fields win); a key that is not JSON is left for the provider to refuse.
 */
function withAzureSettings(env: Env, key: string): string {
  const deployments = env.AZURE_OPENAI_DEPLOYMENTS;
  const imagesVersion = env.AZURE_OPENAI_IMAGES_API_VERSION;
  if (!deployments && !imagesVersion) return key;
  try {
    const parsed = JSON.parse(key) as Record<string, unknown>;
    return JSON.stringify({
      ...(deployments ? { azureOpenAIApiDeployments: deployments } : {}),
      ...(imagesVersion ? { azureOpenAIImagesApiVersion: imagesVersion } : {}),
      ...parsed,
    });
  } catch {
    return key;
  }
}

const settingsByEnv = new WeakMap<Env, Map<EndpointName, Readonly<EndpointSettings>>>();

/**
 * What the configuration says about one endpoint, worked out once per configuration (the env
 * never changes while it runs): every chat and API call asks for it several times, and parsing
 * the aliases each time cost about 30 µs of CPU per API call.
 */
export function endpointSettings(env: Env, endpoint: EndpointName): Readonly<EndpointSettings> {
  let byEndpoint = settingsByEnv.get(env);
  if (!byEndpoint) settingsByEnv.set(env, (byEndpoint = new Map()));
  let settings = byEndpoint.get(endpoint);
  if (!settings) byEndpoint.set(endpoint, (settings = Object.freeze(readEndpointSettings(env, endpoint))));
  return settings;
}

function readEndpointSettings(env: Env, endpoint: EndpointName): EndpointSettings {
  const prefix = endpointEnvPrefix(env, endpoint);
  const key = env[`${prefix}_API_KEY`];
  const userProvide = key === USER_PROVIDED;
  const serverKey = key && !userProvide ? key : undefined;
  return {
    enabled: Boolean(key),
    userProvide,
    serverKey: serverKey && prefix === endpointEnvPrefixes.azureOpenAI ? withAzureSettings(env, serverKey) : serverKey,
    baseURL: env[`${prefix}_BASE_URL`],
    models: env[`${prefix}_MODELS`],
    aliases: Object.freeze(parseAliasOverrides(env[`${prefix}_MODEL_ALIASES`])),
    fetchModels: env[`${prefix}_FETCH_MODELS`] !== false,
  };
}
