import { endpointOrder, parseModelList, type EndpointName, type ModelsConfig } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { liveListSources } from './live-model-ids.ts';

export interface ModelListsOptions {
  /** How long a fetched list is reused. */
  ttlMs?: number;
  /** How long a failed fetch falls back to the catalog list before trying again. */
  retryMs?: number;
  timeoutMs?: number;
  onFetchError?: (endpoint: EndpointName, error: unknown) => void;
  /** The models CHANNELS_FILE's channels serve on the endpoint, added to its list (`ctx.channels.modelsFor`). */
  channelModels?: (endpoint: EndpointName) => string[];
}

interface Cached {
  ids: Promise<string[]>;
  expiresAt: number;
}

/** A Google credential that is a service-account JSON calls Vertex, which has no Gemini API list. */
const isJsonKey = (key: string) => key.trimStart().startsWith('{');

/** The model lists of one process, fetched lists cached. */
export interface ModelLists {
  all(): Promise<ModelsConfig>;
  /** One endpoint's list, as `all()` has it. */
  listFor(endpoint: EndpointName): Promise<string[]>;
}

/**
 * The model list of every endpoint (`GET /api/models`): `X_MODELS` when set; else the catalog's
 * default ids followed by the chat models the provider itself lists (with a server key and
 * `X_FETCH_MODELS` on, cached for `ttlMs`, one request in flight at a time; a failed fetch keeps
 * the catalog list), then the models of CHANNELS_FILE's channels of the endpoint. gptPlugins offers
 * the OpenAI list, as it runs on that account.
 */
export function createModelLists(env: Env, options: ModelListsOptions = {}): ModelLists {
  const { ttlMs = 10 * 60_000, retryMs = 60_000, timeoutMs = 5_000, onFetchError, channelModels = () => [] } = options;
  const cache = new Map<EndpointName, Cached>();

  function live(endpoint: EndpointName): Promise<string[]> | undefined {
    const source = liveListSources[endpoint];
    const settings = endpointSettings(env, endpoint);
    if (!source || !settings.fetchModels || settings.models || !settings.serverKey || isJsonKey(settings.serverKey)) return undefined;
    const cached = cache.get(endpoint);
    if (cached && cached.expiresAt > Date.now()) return cached.ids;
    const entry: Cached = { expiresAt: Date.now() + ttlMs, ids: Promise.resolve([]) };
    const baseURL = (settings.baseURL ?? source.defaultBaseURL).replace(/\/+$/, '');
    entry.ids = source.fetchIds(baseURL, settings.serverKey, AbortSignal.timeout(timeoutMs)).catch((error: unknown) => {
      onFetchError?.(endpoint, error);
      entry.expiresAt = Date.now() + retryMs;
      return [];
    });
    cache.set(endpoint, entry);
    return entry.ids;
  }

  async function listFor(endpoint: EndpointName): Promise<string[]> {
    const own = endpoint === 'gptPlugins' ? pluginsAccount(env) : endpoint;
    const settings = endpointSettings(env, own);
    const configured = parseModelList(settings.models, endpoint);
    const fetched = (await live(own)) ?? [];
    // A user_provided endpoint runs on each user's own key, never on the channels.
    return [...new Set([...configured, ...fetched, ...(settings.userProvide ? [] : channelModels(endpoint))])];
  }

  return {
    listFor,
    async all(): Promise<ModelsConfig> {
      const lists = await Promise.all(endpointOrder.map(async (endpoint) => [endpoint, await listFor(endpoint)] as const));
      return Object.fromEntries(lists) as ModelsConfig;
    },
  };
}
