import { create } from 'zustand';

interface PluginStoreState {
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the plugin store 插件商店 is open; the selector and the sidebar open it. */
export const usePluginStore = create<PluginStoreState>()((set) => ({ open: false, setOpen: (open) => set({ open }) }));
