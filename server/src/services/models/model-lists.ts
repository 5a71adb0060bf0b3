import { endpointOrder, parseModelList, type EndpointName, type ModelsConfig } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

/** OpenAI-compatible upstreams whose `GET <base>/models` can replace the default list, and their public base. */
const fetchable: Partial<Record<EndpointName, { flag: keyof Env; defaultBaseURL: string }>> = {
  openAI: { flag: 'OPENAI_FETCH_MODELS', defaultBaseURL: 'https://api.openai.com/v1' },
  deepSeek: { flag: 'DEEPSEEK_FETCH_MODELS', defaultBaseURL: 'https://api.deepseek.com' },
  grok: { flag: 'GROK_FETCH_MODELS', defaultBaseURL: 'https://api.x.ai/v1' },
};

export interface ModelListsOptions {
  /** How long a fetched list is reused. */
  ttlMs?: number;
  /** How long a failed fetch falls back to the default list before trying again. */
  retryMs?: number;
  timeoutMs?: number;
  onFetchError?: (endpoint: EndpointName, error: unknown) => void;
}

interface Cached {
  models: Promise<string[]>;
  expiresAt: number;
}

async function fetchModelIds(baseURL: string, apiKey: string, timeoutMs: number): Promise<string[]> {
  const response = await fetch(`${baseURL.replace(/\/+$/, '')}/models`, {
    headers: { authorization: `Bearer ${apiKey}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`models list answered ${response.status}`);
  const body = (await response.json()) as { data?: { id?: unknown }[] };
  const ids = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string' && id.length > 0);
  if (ids.length === 0) throw new Error('models list was empty');
  return ids;
}

/**
 * The model list of every endpoint (`GET /api/models`): `X_MODELS` when set, else for an
 * OpenAI-compatible upstream with `X_FETCH_MODELS=true` the list it serves (cached for `ttlMs`,
 * one request in flight at a time), else the registry's default list. gptPlugins offers the
 * OpenAI list, as it runs on that account.
 */
export function createModelLists(env: Env, options: ModelListsOptions = {}) {
  const { ttlMs = 10 * 60_000, retryMs = 60_000, timeoutMs = 5_000, onFetchError } = options;
  const cache = new Map<EndpointName, Cached>();

  function live(endpoint: EndpointName, fallback: string[]): Promise<string[]> | undefined {
    const source = fetchable[endpoint];
    const settings = endpointSettings(env, endpoint);
    if (!source || !env[source.flag] || settings.models || !settings.serverKey) return undefined;
    const cached = cache.get(endpoint);
    if (cached && cached.expiresAt > Date.now()) return cached.models;
    const entry: Cached = { expiresAt: Date.now() + ttlMs, models: Promise.resolve(fallback) };
    entry.models = fetchModelIds(settings.baseURL ?? source.defaultBaseURL, settings.serverKey, timeoutMs).catch((error: unknown) => {
      onFetchError?.(endpoint, error);
      entry.expiresAt = Date.now() + retryMs;
      return fallback;
    });
    cache.set(endpoint, entry);
    return entry.models;
  }

  async function listFor(endpoint: EndpointName): Promise<string[]> {
    const own = endpoint === 'gptPlugins' ? 'openAI' : endpoint;
    const configured = parseModelList(endpointSettings(env, own).models, endpoint);
    return (await live(own, configured)) ?? configured;
  }

  return {
    async all(): Promise<ModelsConfig> {
      const lists = await Promise.all(endpointOrder.map(async (endpoint) => [endpoint, await listFor(endpoint)] as const));
      return Object.fromEntries(lists) as ModelsConfig;
    },
  };
}
