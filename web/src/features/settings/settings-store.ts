import { create } from 'zustand';

interface SettingsDialogState {
  open: boolean;
  /** The id of the tab shown (see settings-tabs.tsx). */
  tab: string;
  openSettings(tab?: string): void;
  setOpen(open: boolean): void;
  setTab(tab: string): void;
}

/** Lets any menu open the settings dialog on a given tab. */
export const useSettingsDialog = create<SettingsDialogState>()((set) => ({
  open: false,
  tab: 'general',
  openSettings: (tab = 'general') => set({ open: true, tab }),
  setOpen: (open) => set({ open }),
  setTab: (tab) => set({ tab }),
}));
