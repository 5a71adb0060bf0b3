import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useChatStore } from '../../state/chat-store.ts';
import { conversationsApi } from '../../api/conversations-api.ts';
import { useListCache } from './use-conversation-list.ts';

/**
 * Deleting conversations: one, or several one by one (SPEC point 4: bulk delete). Removing
 * the open conversation starts a new chat; the list is refreshed from the server afterwards.
 */
export function useConversationRemoval() {
  const navigate = useNavigate();
  const cache = useListCache();
  const [busy, setBusy] = useState(false);

  const finish = (removed: ReadonlySet<string>) => {
    cache.remove(removed);
    const open = useChatStore.getState().conversationId;
    if (open && removed.has(open)) navigate('/chat/new');
    void cache.refresh();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    removeMany: (ids: readonly string[]) =>
      run(async () => {
        const removed = new Set<string>();
        try {
          for (const id of ids) {
            await conversationsApi.remove(id);
            removed.add(id);
          }
        } finally {
          finish(removed);
        }
      }),
  };
}
