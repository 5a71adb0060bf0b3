import { availableEndpoints, defaultModels, endpointsConfigSchema, modelsConfigSchema, type EndpointName } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/client.ts';

export interface EndpointsInfo {
  /** Enabled endpoints in the registry's display order. */
  endpoints: EndpointName[];
  /** The model list of each enabled endpoint (the server's `X_MODELS`, else the registry default). */
  models: Partial<Record<EndpointName, string[]>>;
  /** Endpoints whose users bring their own key (`X_API_KEY=user_provided`). */
  userProvide: Partial<Record<EndpointName, boolean>>;
}

/** `GET /api/endpoints` (a truthy entry means enabled) and `GET /api/models` (a list per endpoint). */
async function fetchEndpointsInfo(): Promise<EndpointsInfo> {
  const [config, models] = await Promise.all([
    apiJson('/api/endpoints', { schema: endpointsConfigSchema }),
    apiJson('/api/models', { schema: modelsConfigSchema }),
  ]);
  const endpoints = availableEndpoints(config);
  const lists: EndpointsInfo['models'] = {};
  const userProvide: EndpointsInfo['userProvide'] = {};
  for (const endpoint of endpoints) {
    const entry = config[endpoint];
    userProvide[endpoint] = entry !== false && entry.userProvide;
    const served = models[endpoint];
    lists[endpoint] = served.length > 0 ? served : [...defaultModels[endpoint]];
  }
  return { endpoints, models: lists, userProvide };
}

export function useEndpointsInfo() {
  return useQuery({ queryKey: ['endpointsInfo'], queryFn: fetchEndpointsInfo, staleTime: Infinity });
}
