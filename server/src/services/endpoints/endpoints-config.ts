import { endpointOrder, pluginAgents, type EndpointConfigEntry, type EndpointsConfig } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from './endpoint-settings.ts';

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
