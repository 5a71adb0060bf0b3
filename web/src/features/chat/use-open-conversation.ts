import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { conversationsApi } from '../../api/conversations-api.ts';
import { messagesApi } from '../../api/messages-api.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { useAttachments } from '../files/attachments-store.ts';
import { preloadMarkdown } from '../messages/markdown/markdown.tsx';
import { lazyThread } from './lazy-thread.ts';
import { liveStreams } from '../../state/live-streams.ts';
import { loadOpening, takePrefetchedConversation } from './opened-conversation.ts';
import { detachStream, followAgain } from '../../state/run-stream.ts';

/**
 * Resolves once the recent messages can have been painted: the code that shows them has loaded
 * and a frame has passed. The rest of a long conversation is asked for only then, so that its
 * answer (the server's work, the download, reading 2,000 messages) does not delay the first view.
 */
async function recentShown(): Promise<void> {
  await Promise.all([lazyThread.load(), preloadMarkdown()]).catch(() => undefined);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * Follows the route's conversation id: `new` opens an empty conversation, an id loads its
 * conversation and the end of its shown branch, then the rest of its tree, and one that fails
 * to load goes to /chat/new (SPEC point 4).
 * The id a first message was just saved under is already open, so it is not reloaded.
 */
export function useOpenConversation(routeId: string): void {
  const navigate = useNavigate();
  // Each navigation counts, so New Chat on /chat/new still clears an unsaved thread.
  const location = useLocation();
  const { key } = location;
  // A search hit opens its conversation on the branch that holds the message, scrolled to it.
  const focus = (location.state as { focusMessage?: unknown } | null)?.focusMessage;
  const focusMessage = typeof focus === 'string' ? focus : undefined;
  useEffect(() => {
    const state = useChatStore.getState();
    if (routeId === 'new') {
      const alreadyNew = state.conversationId === null && state.messages.length === 0 && !state.submitting;
      if (!alreadyNew) {
        detachStream();
        chat.openNew();
      } else {
        // New Chat on an empty new chat: the files attached there do not carry into the new one.
        useAttachments.getState().clear();
      }
      return;
    }
    if (state.conversationId === routeId && state.status === 'ready') {
      if (!focusMessage) return;
      if (state.complete) return chat.focusMessage(focusMessage);
      const controller = new AbortController();
      const session = state.session;
      messagesApi.list(routeId, controller.signal).then(
        (all) => {
          chat.loadedHistory(session, all);
          chat.focusMessage(focusMessage);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.error('Loading the conversation of a search hit failed', error);
        },
      );
      return () => controller.abort();
    }

    detachStream();
    const session = chat.startLoading(routeId);
    const controller = new AbortController();
    const { signal } = controller;
    const loadAll = () => Promise.all([conversationsApi.get(routeId, signal), messagesApi.list(routeId, signal)]);
    // A search hit may lie on any branch or far back: its conversation opens whole.
    const opening = focusMessage
      ? loadAll().then(([conversation, messages]) => [conversation, { messages, complete: true }] as const)
      : (takePrefetchedConversation(routeId) ?? loadOpening(routeId, signal));
    opening.then(
      ([conversation, recent]) => {
        chat.loaded(session, conversation, recent.messages, recent.complete);
        if (focusMessage) chat.focusMessage(focusMessage);
        // A long conversation shows the end of its branch at once; the rest of its tree follows.
        if (!recent.complete) {
          recentShown().then(() => messagesApi.list(routeId, signal)).then(
            (all) => chat.loadedHistory(session, all),
            (error: unknown) => {
              if (!signal.aborted) console.error('Loading the rest of the conversation failed', error);
            },
          );
        }
        // A reply that was streaming when the page was reloaded (or left) is followed to its end;
        // when its stream is gone, the saved messages are loaded again.
        const live = liveStreams.of(routeId);
        if (!live) return;
        void followAgain(routeId, live, { onConversationCreated: () => undefined }).then(async (followed) => {
          if (followed || signal.aborted) return;
          const [again, saved] = await loadAll();
          chat.loaded(session, again, saved);
        });
      },
      () => {
        if (!signal.aborted) navigate('/chat/new', { replace: true });
      },
    );
    return () => controller.abort();
  }, [routeId, key, navigate, focusMessage]);
}
