import { presetSchema } from '@parley/core';
import { apiJson } from '../../api/client.ts';

export const presetsQueryKey = ['presets'] as const;

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
