import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { archivedQueryKey, conversationsApi } from '../../api/conversations-api.ts';
import { showToast } from '../../components/ui/toast-store.ts';
import { useChatStore } from '../../state/chat-store.ts';
import { useListCache } from './use-conversation-list.ts';

/** Archives a conversation from its menu: it leaves the list at once (the open one starts a new chat) and waits in Settings → Archived. */
export function useArchiveConversation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cache = useListCache();
  const queryClient = useQueryClient();
  return useCallback(
    async (conversationId: string) => {
      try {
        await conversationsApi.archive(conversationId, true);
      } catch {
        showToast(t('settings.data.failed'), 'error');
        return;
      }
      cache.remove(new Set([conversationId]));
      if (useChatStore.getState().conversationId === conversationId) navigate('/chat/new');
      showToast(t('archive.done'), 'success');
      void queryClient.invalidateQueries({ queryKey: archivedQueryKey });
      void cache.refresh();
    },
    [cache, navigate, queryClient, t],
  );
}
