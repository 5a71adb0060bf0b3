import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { conversationsQueryKey } from '../../api/conversations-api.ts';
import { balanceQueryKey } from '../../state/balance-query-key.ts';
import { chat } from '../../state/chat-store.ts';
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
        // The server stored the conversation with its first message; the sidebar lists it while
        // the reply streams. Its title comes later on the same stream (conversation-list-cache.ts).
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      },
      // The quota or free calls left, shown in the sidebar and the phone header, after every message.
      onSettled: () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    };

    return chatCommands(hooks);
  }, [navigate, queryClient]);
}
