import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useChatStore } from '../../state/chat-store.ts';
import { conversationsApi, conversationsQueryKey } from '../../api/conversations-api.ts';
import { keysApi } from '../keys/keys-api.ts';
import { searchResultsKey } from '../search/search-api.ts';

export type DataAction = 'clear' | 'revoke';

/**
 * The Data tab's two irreversible actions. Clearing refreshes the conversation list, drops
 * cached search results and leaves any open conversation (or the search view) for /chat/new.
 * Revoking refreshes every query, since key status is read by several features.
 */
export function useDataActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [running, setRunning] = useState<DataAction | null>(null);
  const [done, setDone] = useState<DataAction | null>(null);
  const [failed, setFailed] = useState<DataAction | null>(null);

  const perform = {
    clear: async () => {
      await conversationsApi.clearAll();
      queryClient.removeQueries({ queryKey: searchResultsKey });
      await queryClient.resetQueries({ queryKey: conversationsQueryKey });
      if (useChatStore.getState().conversationId !== null || pathname.startsWith('/search')) navigate('/chat/new');
    },
    revoke: async () => {
      await keysApi.revokeAll();
      await queryClient.invalidateQueries();
    },
  };

  const run = async (action: DataAction): Promise<boolean> => {
    setRunning(action);
    setDone(null);
    setFailed(null);
    try {
      await perform[action]();
      setDone(action);
      return true;
    } catch {
      setFailed(action);
      return false;
    } finally {
      setRunning(null);
    }
  };

  return { running, done, failed, run };
}
