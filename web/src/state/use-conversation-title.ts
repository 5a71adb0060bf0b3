import { useEffect } from 'react';
import { useChatTitleStore } from './chat-title.ts';

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
