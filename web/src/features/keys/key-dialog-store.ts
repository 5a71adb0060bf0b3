import type { EndpointName } from '@parley/core';
import { create } from 'zustand';

interface KeyDialogState {
  /** The endpoint whose key dialog is open, or null. */
  endpoint: EndpointName | null;
  open(endpoint: EndpointName): void;
  close(): void;
}

/** Lets the 'Set key' button and the settings open one endpoint's key dialog. */
export const useKeyDialog = create<KeyDialogState>()((set) => ({
  endpoint: null,
  open: (endpoint) => set({ endpoint }),
  close: () => set({ endpoint: null }),
}));
