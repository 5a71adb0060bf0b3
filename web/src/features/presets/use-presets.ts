import type { Preset } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store.ts';
import { presetsApi, presetsQueryKey } from './presets-api.ts';

/** SPEC point 4: the preset query runs only when signed in. */
export function usePresets() {
  const authenticated = useAuthStore((s) => s.status === 'authenticated');
  return useQuery({ queryKey: presetsQueryKey, queryFn: ({ signal }) => presetsApi.list(signal), enabled: authenticated });
}

/** A preset mutation whose answer (the new list) replaces the cached one. */
export function usePresetMutation<A>(call: (arg: A) => Promise<Preset[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => queryClient.setQueryData(presetsQueryKey, list),
  });
}
