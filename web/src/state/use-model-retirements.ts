import { modelRetirementsSchema, type ModelRetirements } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/client.ts';

/**
 * `GET /api/models/retiring`: the listed models that shut down within 30 days, by endpoint. The
 * picker only marks them, so a failed request marks none and is not retried.
 */
export function useModelRetirements() {
  return useQuery({
    queryKey: ['modelRetirements'],
    queryFn: (): Promise<ModelRetirements> => apiJson('/api/models/retiring', { schema: modelRetirementsSchema }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
