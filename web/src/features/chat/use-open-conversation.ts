import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { conversationsApi } from '../conversations/conversations-api.ts';
import { messagesApi } from '../messages/messages-api.ts';
import { chat, useChatStore } from './chat-store.ts';
import { detachStream } from './run-stream.ts';

/**
 * Follows the route's conversation id: `new` opens an empty conversation, an id loads its
 * conversation and messages, and one that fails to load goes to /chat/new (SPEC point 4).
 * The id a first message was just saved under is already open, so it is not reloaded.
 */
export function useOpenConversation(routeId: string): void {
  const navigate = useNavigate();
  // Each navigation counts, so New Chat on /chat/new still clears an unsaved thread.
  const { key } = useLocation();
  useEffect(() => {
    const state = useChatStore.getState();
    if (routeId === 'new') {
      const alreadyNew = state.conversationId === null && state.messages.length === 0 && !state.submitting;
      if (!alreadyNew) {
        detachStream();
        chat.openNew();
      }
      return;
    }
    if (state.conversationId === routeId && state.status === 'ready') return;

    detachStream();
    const session = chat.startLoading(routeId);
    const controller = new AbortController();
    Promise.all([conversationsApi.get(routeId, controller.signal), messagesApi.list(routeId, controller.signal)]).then(
      ([conversation, messages]) => chat.loaded(session, conversation, messages),
      () => {
        if (!controller.signal.aborted) navigate('/chat/new', { replace: true });
      },
    );
    return () => controller.abort();
  }, [routeId, key, navigate]);
}
