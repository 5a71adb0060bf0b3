import { useEffect } from 'react';
import { chat, useChatStore } from './chat-store.ts';
import { detachStream } from './run-stream.ts';

/**
 * For a screen that is no conversation (search, My usage): the conversation that was open is
 * closed as the screen opens, so nothing is sent or exported from it and the sidebar marks none.
 */
export function useLeaveConversation(): void {
  useEffect(() => {
    const open = useChatStore.getState();
    if (open.conversationId !== null || open.messages.length > 0) {
      detachStream();
      chat.openNew();
    }
  }, []);
}
