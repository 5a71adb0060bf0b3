import { endpointOrder, parseModelList, resolveModel, type EndpointName, type ModelsConfig } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { liveListSources, type LiveModel } from './live-model-ids.ts';

export interface ModelListsOptions {
  /** How long a fetched list is reused. */
  ttlMs?: number;
  /** How long a failed fetch falls back to the catalog list before trying again. */
  retryMs?: number;
  timeoutMs?: number;
  onFetchError?: (endpoint: EndpointName, error: unknown) => void;
  /** The models CHANNELS_FILE's channels serve on the endpoint, added to its list (`ctx.channels.modelsFor`). */
  channelModels?: (endpoint: EndpointName) => string[];
  /** The operator's list of the endpoint's models (the console's Models and prices), replacing the one made here. */
  offeredModels?: (endpoint: EndpointName) => string[] | undefined;
}

interface Cached {
  models: Promise<LiveModel[]>;
  expiresAt: number;
}

/** How far ahead the picker warns of a model's shutdown. */
const retiringWarningDays = 30;

const today = () => new Date().toISOString().slice(0, 10);
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A Google credential that is a service-account JSON calls Vertex, which has no Gemini API list. */
const isJsonKey = (key: string) => key.trimStart().startsWith('{');

/** The model lists of one process, fetched lists cached. */
export interface ModelLists {
  all(): Promise<ModelsConfig>;
  /** One endpoint's list, as `all()` has it. */
  listFor(endpoint: EndpointName): Promise<string[]>;
  /**
   * The shutdown day of each model of the endpoint's list that retires within 30 days: the
   * provider's own date for a live-listed model, else the catalog's for the model it calls.
   */
  retiring(endpoint: EndpointName): Promise<Record<string, string>>;
}

/**
 * The model list of every endpoint (`GET /api/models`): `X_MODELS` when set; else the catalog's
 * default ids followed by the chat models the provider itself lists (with a server key and
 * `X_FETCH_MODELS` on, cached for `ttlMs`, one request in flight at a time; a failed fetch keeps
 * the catalog list), then the models of CHANNELS_FILE's channels of the endpoint. gptPlugins offers
 * the OpenAI list, as it runs on that account.
 */
export function createModelLists(env: Env, options: ModelListsOptions = {}): ModelLists {
  const { ttlMs = 10 * 60_000, retryMs = 60_000, timeoutMs = 5_000, onFetchError, channelModels = () => [], offeredModels = () => undefined } = options;
  const cache = new Map<EndpointName, Cached>();

  function live(endpoint: EndpointName): Promise<LiveModel[]> | undefined {
    const source = liveListSources[endpoint];
    const settings = endpointSettings(env, endpoint);
    if (!source || !settings.fetchModels || settings.models || !settings.serverKey || isJsonKey(settings.serverKey)) return undefined;
    const cached = cache.get(endpoint);
    if (cached && cached.expiresAt > Date.now()) return cached.models;
    const entry: Cached = { expiresAt: Date.now() + ttlMs, models: Promise.resolve([]) };
    const baseURL = (settings.baseURL ?? source.defaultBaseURL).replace(/\/+$/, '');
    entry.models = source.fetchModels(baseURL, settings.serverKey, AbortSignal.timeout(timeoutMs)).catch((error: unknown) => {
      onFetchError?.(endpoint, error);
      entry.expiresAt = Date.now() + retryMs;
      return [];
    });
    cache.set(endpoint, entry);
    return entry.models;
  }

  const ownAccount = (endpoint: EndpointName) => (endpoint === 'gptPlugins' ? pluginsAccount(env) : endpoint);

  /** The live models still served today: one whose shutdown day has come is hidden, even from a list fetched before. */
  async function served(endpoint: EndpointName): Promise<LiveModel[]> {
    const now = today();
    return ((await live(ownAccount(endpoint))) ?? []).filter((m) => m.shutdownDate === undefined || m.shutdownDate > now);
  }

  async function buildList(endpoint: EndpointName): Promise<string[]> {
    const settings = endpointSettings(env, ownAccount(endpoint));
    const configured = parseModelList(settings.models, endpoint);
    const fetched = (await served(endpoint)).map((m) => m.id);
    // A user_provided endpoint runs on each user's own key, never on the channels.
    return [...new Set([...configured, ...fetched, ...(settings.userProvide ? [] : channelModels(endpoint))])];
  }

  // Each endpoint's list as last built, with what it was built from: the day and the live list
  // fetched. The configuration and the channels do not change while the process runs, so the
  // list is the same until one of those does (building it was a part of every call's CPU). The
  // operator's own choice (the console's models and prices) replaces the built list while it is set.
  const built = new Map<EndpointName, { day: string; source: Promise<LiveModel[]> | undefined; list: Promise<string[]> }>();

  /** One endpoint's list; callers only read it. */
  function listFor(endpoint: EndpointName): Promise<string[]> {
    const chosen = offeredModels(endpoint);
    if (chosen) return Promise.resolve(chosen);
    const day = today();
    const source = live(ownAccount(endpoint));
    const last = built.get(endpoint);
    if (last && last.day === day && last.source === source) return last.list;
    const list = buildList(endpoint);
    built.set(endpoint, { day, source, list });
    return list;
  }

  async function retiring(endpoint: EndpointName): Promise<Record<string, string>> {
    const liveDates = new Map((await served(endpoint)).flatMap((m) => (m.shutdownDate ? [[m.id, m.shutdownDate] as const] : [])));
    const aliases = endpointSettings(env, ownAccount(endpoint)).aliases;
    const horizon = dayIn(retiringWarningDays);
    const dates: Record<string, string> = {};
    for (const id of await listFor(endpoint)) {
      const date = liveDates.get(id) ?? resolveModel(endpoint, id, aliases).info?.retires;
      if (date && date <= horizon) dates[id] = date;
    }
    return dates;
  }

  return {
    listFor,
    retiring,
    async all(): Promise<ModelsConfig> {
      const lists = await Promise.all(endpointOrder.map(async (endpoint) => [endpoint, await listFor(endpoint)] as const));
      return Object.fromEntries(lists) as ModelsConfig;
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Every endpoint's model list (`GET /api/models`, and what an ask may name), live lists cached. */
    models: ModelLists;
  }
}
