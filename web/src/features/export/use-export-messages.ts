import type { Message } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChatStore } from '../../state/chat-store.ts';
import { messagesApi } from '../../api/messages-api.ts';
import { visibleBranch } from '../../state/visible-branch.ts';

export interface ExportMessages {
  all: readonly Message[] | undefined;
  branch: readonly Message[] | undefined;
  error: unknown;
}

/**
 * The messages to export. The open conversation's come from the chat store once its whole tree
 * is there, with the branch the user is looking at; any other conversation's are fetched, with
 * its newest branch.
 */
export function useExportMessages(conversationId: string): ExportMessages {
  const open = useChatStore((s) => s.conversationId === conversationId && s.status === 'ready' && s.complete);
  const storeMessages = useChatStore((s) => s.messages);
  const choice = useChatStore((s) => s.choice);
  const fetched = useQuery({
    queryKey: ['messages', conversationId, 'export'],
    queryFn: ({ signal }) => messagesApi.list(conversationId, signal),
    enabled: !open,
    staleTime: 0,
    gcTime: 0,
  });
  const all = open ? storeMessages : fetched.data;
  const branch = useMemo(() => (all ? visibleBranch(all, open ? choice : {}).map((row) => row.message) : undefined), [all, open, choice]);
  return { all, branch, error: open ? null : fetched.error };
}
