import { modelCostsSchema, type ModelCosts } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/client.ts';
import { useAccess } from './use-access.ts';

/**
 * `GET /api/models/costs`: what one call to each model costs in quota, for whoever pays per call
 * (a key holder, a free visitor). Asked only where keys exist: in `accounts` mode no model shows a price.
 */
export function useModelCosts(): ModelCosts | undefined {
  const { keysEnabled, apiKey } = useAccess();
  return useQuery({
    queryKey: ['modelCosts', apiKey],
    queryFn: (): Promise<ModelCosts> => apiJson('/api/models/costs', { schema: modelCostsSchema }),
    enabled: keysEnabled,
    staleTime: 10 * 60_000,
  }).data;
}
