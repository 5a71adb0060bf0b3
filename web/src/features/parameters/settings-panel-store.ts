import { create } from 'zustand';

interface SettingsPanelState {
  open: boolean;
  toggle(): void;
  close(): void;
}

/** Whether the options bar's settings panel is shown (SPEC point 2: a toggle in the options bar). */
export const useSettingsPanel = create<SettingsPanelState>()((set) => ({
  open: false,
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
}));
