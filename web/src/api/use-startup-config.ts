import { startupConfigSchema, type StartupConfig } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from './client.ts';

const startupConfigQueryKey = ['startupConfig'] as const;

function fetchStartupConfig(): Promise<StartupConfig> {
  return apiJson('/api/config', { schema: startupConfigSchema, refreshOn401: false });
}

/** `GET /api/config`, fetched once per page load: the server reads it from env at start. */
export function useStartupConfig() {
  return useQuery({ queryKey: startupConfigQueryKey, queryFn: fetchStartupConfig, staleTime: Infinity });
}
