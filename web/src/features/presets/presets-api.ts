import { presetSchema, type Preset } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client.ts';
import { useAuthStore } from '../auth/auth-store.ts';

const presetsQueryKey = ['presets'] as const;

const presetList = presetSchema.array();

/** `POST /api/presets` and `/api/presets/delete` answer with the caller's updated list. */
export const presetsApi = {
  list: (signal?: AbortSignal) => apiJson('/api/presets', { schema: presetList, signal }),
  /** Save, update (by presetId) or import (presetId null: the server picks a new id). */
  save: (preset: Record<string, unknown>) => apiJson('/api/presets', { body: preset, schema: presetList }),
  remove: (presetId: string) => apiJson('/api/presets/delete', { body: { presetId }, schema: presetList }),
  /** An empty object deletes every preset of the caller. */
  clearAll: () => apiJson('/api/presets/delete', { body: {}, schema: presetList }),
};

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
