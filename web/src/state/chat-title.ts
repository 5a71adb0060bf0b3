import { create } from 'zustand';

interface ChatTitleState {
  /** The open conversation's title; null shows the localized 'New Chat'. */
  title: string | null;
  setTitle(title: string | null): void;
}

export const useChatTitleStore = create<ChatTitleState>()((set) => ({
  title: null,
  setTitle: (title) => set({ title }),
}));
