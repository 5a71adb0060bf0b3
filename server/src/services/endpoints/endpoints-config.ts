import { endpointOrder, pluginAgents, type EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from './endpoint-settings.ts';

interface EndpointConfigEntry {
  /** Position in the endpoint menu (SPEC point 4). */
  order: number;
  /** Users bring their own key (`X_API_KEY=user_provided`); the client offers "set key". */
  userProvide: boolean;
}

interface PluginsEndpointConfigEntry extends EndpointConfigEntry {
  /** pluginKey → display name of every plugin the server offers. */
  plugins: Record<string, string>;
  availableAgents: readonly string[];
}

/** `GET /api/endpoints`: every endpoint in menu order, an entry when enabled, `false` when not. */
export type EndpointsConfig = Record<EndpointName, EndpointConfigEntry | PluginsEndpointConfigEntry | false>;

/**
 * The endpoints configuration clients choose from. An endpoint is enabled when its key is
 * set; gptPlugins, which runs on the OpenAI account, also carries the plugins it can use.
 */
export function presentEndpointsConfig(env: Env, plugins: Record<string, string>): EndpointsConfig {
  const entries = endpointOrder.map((endpoint, order) => {
    const settings = endpointSettings(env, endpoint);
    if (!settings.enabled) return [endpoint, false] as const;
    const entry: EndpointConfigEntry = { order, userProvide: settings.userProvide };
    if (endpoint !== 'gptPlugins') return [endpoint, entry] as const;
    return [endpoint, { ...entry, plugins, availableAgents: pluginAgents }] as const;
  });
  return Object.fromEntries(entries) as EndpointsConfig;
}
