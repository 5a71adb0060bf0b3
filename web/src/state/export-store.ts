import type { Conversation } from '@parley/core';
import { create } from 'zustand';

interface ExportDialogState {
  /** The conversation being exported; null while the dialog is closed. */
  conversation: Conversation | null;
  openExport(conversation: Conversation): void;
  closeExport(): void;
}

/** Lets the user menu and the sidebar open the export dialog for a conversation. */
export const useExportDialog = create<ExportDialogState>()((set) => ({
  conversation: null,
  openExport: (conversation) => set({ conversation }),
  closeExport: () => set({ conversation: null }),
}));
