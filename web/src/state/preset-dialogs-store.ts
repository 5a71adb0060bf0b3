import type { Preset } from '@parley/core';
import { create } from 'zustand';

type PresetDialog = { kind: 'saveAs' } | { kind: 'edit'; preset: Preset } | { kind: 'clearAll' } | null;

interface PresetDialogsState {
  dialog: PresetDialog;
  openSaveAs(): void;
  edit(preset: Preset): void;
  confirmClearAll(): void;
  close(): void;
}

/** One preset dialog at a time, opened from the header, the settings panel or the new-conversation menu. */
export const usePresetDialogs = create<PresetDialogsState>()((set) => ({
  dialog: null,
  openSaveAs: () => set({ dialog: { kind: 'saveAs' } }),
  edit: (preset) => set({ dialog: { kind: 'edit', preset } }),
  confirmClearAll: () => set({ dialog: { kind: 'clearAll' } }),
  close: () => set({ dialog: null }),
}));
