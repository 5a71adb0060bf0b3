import { create } from 'zustand';

/** The API-key configuration, quota management (额度管理, also an account's credits), buying a key, or logging out of one. */
type AccessDialog = 'key' | 'quota' | 'buy' | 'forget';

interface AccessDialogsState {
  open: AccessDialog | null;
  /** An expired key the buy dialog renews (it is not saved until it works again). */
  renewKey: string | null;
  show(dialog: AccessDialog, renewKey?: string): void;
  close(): void;
}

/** Lets the user menu, the sidebar, the welcome modal and chat errors open the access dialogs. */
export const useAccessDialogs = create<AccessDialogsState>()((set) => ({
  open: null,
  renewKey: null,
  show: (dialog, renewKey) => set({ open: dialog, renewKey: renewKey ?? null }),
  close: () => set({ open: null, renewKey: null }),
}));
