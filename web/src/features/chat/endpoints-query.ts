import { availableEndpoints, defaultModels, endpointOrder, type EndpointName } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error.ts';
import { apiJson } from '../../api/client.ts';

export interface EndpointsInfo {
  /** Enabled endpoints in the registry's display order. */
  endpoints: EndpointName[];
  /** The model list of each enabled endpoint (the server's `X_MODELS`, else the registry default). */
  models: Partial<Record<EndpointName, string[]>>;
}

/** A route the server does not have yet answers 404: the registry's own lists stand in. */
async function optional<T>(path: string): Promise<T | null> {
  try {
    return await apiJson<T>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * `GET /api/endpoints` (truthy entry = enabled) and `GET /api/models` (lists per endpoint).
 * Without them every registry endpoint is offered with its default models; an endpoint the
 * server has no key for then answers the ask with `unknown_endpoint`, shown in the thread.
 */
export async function fetchEndpointsInfo(): Promise<EndpointsInfo> {
  const [config, models] = await Promise.all([
    optional<Record<string, unknown>>('/api/endpoints'),
    optional<Record<string, unknown>>('/api/models'),
  ]);
  const endpoints = config ? availableEndpoints(config) : [...endpointOrder];
  const lists: EndpointsInfo['models'] = {};
  for (const endpoint of endpoints) {
    const served = models?.[endpoint];
    const list = Array.isArray(served) ? served.filter((m): m is string => typeof m === 'string') : [];
    lists[endpoint] = list.length > 0 ? list : [...defaultModels[endpoint]];
  }
  return { endpoints, models: lists };
}

export function useEndpointsInfo() {
  return useQuery({ queryKey: ['endpointsInfo'], queryFn: fetchEndpointsInfo, staleTime: Infinity });
}
