import { DEFAULT_TITLE, timings } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { conversationsApi, conversationsQueryKey } from '../../api/conversations-api.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import type { StreamHooks } from '../../state/run-stream.ts';
import { chatCommands, type ChatActions } from './chat-commands.ts';

/** The chat screen's commands (SPEC point 4: sending, message actions), stable across renders. */
export function useChatActions(): ChatActions {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const hooks: StreamHooks = {
      onConversationCreated(conversationId) {
        chat.adopt(conversationId);
        navigate(`/chat/${conversationId}`, { replace: true });
        // The server stored the conversation with its first message; the sidebar lists it while the reply streams.
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      },
      onSettled(firstMessage) {
        // The title is written after the reply. Each pass refreshes the sidebar's list and, while
        // the open conversation still has the default title, asks for it: on a phone with the
        // drawer closed (or a hidden sidebar) no list is loaded to bring it to the top bar.
        const refresh = () => {
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          const { conversationId: open, conversation } = useChatStore.getState();
          if (!open || (conversation && conversation.title !== DEFAULT_TITLE)) return;
          conversationsApi.get(open).then(
            (named) => chat.adoptTitle(open, named.title),
            (error: unknown) => console.error('Fetching the title of the open conversation failed', error),
          );
        };
        refresh();
        // The title is generated after the reply; the list picks it up on these later passes.
        if (firstMessage) for (const delay of timings.listRefreshAfterFirstMessage) setTimeout(refresh, delay);
      },
    };

    return chatCommands(hooks);
  }, [navigate, queryClient]);
}
