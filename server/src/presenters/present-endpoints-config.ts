import { endpointOrder, pluginAgents, type EndpointConfigEntry, type EndpointName, type EndpointsConfig } from '@parley/core';
import { endpointEnvPrefixes, type Env } from '../config/env.ts';
import { hasProvider } from '../providers/registry.ts';
import { endpointSettings } from '../services/endpoints/endpoint-settings.ts';

/** Whether Parley can chat with the endpoint: gptPlugins runs the plugin agent on the OpenAI provider. */
const canChat = (endpoint: EndpointName) => hasProvider(endpoint === 'gptPlugins' ? 'openAI' : endpoint);

/**
 * The endpoints configuration clients choose from. An endpoint is offered when its key is set or
 * a channel of CHANNELS_FILE speaks its API (`servedByChannels`), and Parley has a provider that
 * can chat with it; the others answer `false`.
 */
export function presentEndpointsConfig(env: Env, plugins: Record<string, string>, servedByChannels: (endpoint: EndpointName) => boolean): EndpointsConfig {
  const entries = endpointOrder.map((endpoint, order) => {
    const settings = endpointSettings(env, endpoint);
    if (!(settings.enabled || servedByChannels(endpoint)) || !canChat(endpoint)) return [endpoint, false] as const;
    const entry: EndpointConfigEntry = { order, userProvide: settings.userProvide };
    if (endpoint !== 'gptPlugins') return [endpoint, entry] as const;
    return [endpoint, { ...entry, plugins, availableAgents: pluginAgents }] as const;
  });
  return Object.fromEntries(entries) as EndpointsConfig;
}

/**
 * The key variables set for endpoints no provider can chat with:
 * they are not offered, and the operator is told once at start. gptPlugins shares the OpenAI
 * key, so it has no variable of its own to name.
 */
export function keysWithoutProvider(env: Env): string[] {
  return (Object.keys(endpointEnvPrefixes) as EndpointName[])
    .filter((endpoint) => endpointSettings(env, endpoint).enabled && !canChat(endpoint))
    .map((endpoint) => `${endpointEnvPrefixes[endpoint as keyof typeof endpointEnvPrefixes]}_API_KEY`);
}
