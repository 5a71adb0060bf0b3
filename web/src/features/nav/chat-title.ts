import { useEffect } from 'react';
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

/**
 * For the chat screen: publishes the conversation title to the mobile top bar and the tab
 * title while the caller is mounted.
 */
export function useConversationTitle(title: string | null | undefined): void {
  const setTitle = useChatTitleStore((s) => s.setTitle);
  useEffect(() => {
    setTitle(title || null);
    return () => setTitle(null);
  }, [title, setTitle]);
}
