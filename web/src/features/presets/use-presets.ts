import type { Preset } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { useHasOwner } from '../../state/use-has-owner.ts';
import { presetsApi, presetsQueryKey } from './presets-api.ts';

/** SPEC point 4: the preset query runs only once the visitor has an owner (account or access key). */
export function usePresets() {
  const hasOwner = useHasOwner();
  return useQuery({ queryKey: presetsQueryKey, queryFn: ({ signal }) => presetsApi.list(signal), enabled: hasOwner });
}

/** A preset mutation whose answer (the new list) replaces the cached one. */
export function usePresetMutation<A>(call: (arg: A) => Promise<Preset[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => queryClient.setQueryData(presetsQueryKey, list),
  });
}

/** After a preset is saved: a toast naming it, then the dialog closes. */
export function presetSaved(t: TFunction, title: string, close: () => void): void {
  showToast(t('presets.saved', { title }), 'success');
  close();
}
