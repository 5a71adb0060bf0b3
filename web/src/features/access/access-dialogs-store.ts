import { create } from 'zustand';

type AccessDialog = 'key' | 'quota';

interface AccessDialogsState {
  /** The access dialog shown: the API-key configuration or quota management (额度管理). */
  open: AccessDialog | null;
  show(dialog: AccessDialog): void;
  close(): void;
}

/** Lets the user menu, the sidebar links and chat errors open the access dialogs. */
export const useAccessDialogs = create<AccessDialogsState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
