import type { Conversation } from '@parley/core';
import { create } from 'zustand';

interface ShareDialogState {
  /** The conversation being shared; null while the dialog is closed. */
  conversation: Conversation | null;
  openShare(conversation: Conversation): void;
  closeShare(): void;
}

/** Lets a conversation's menu open the share dialog. */
export const useShareDialog = create<ShareDialogState>()((set) => ({
  conversation: null,
  openShare: (conversation) => set({ conversation }),
  closeShare: () => set({ conversation: null }),
}));
