import type { Conversation, ConversationPage } from '@parley/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { conversationListCache } from '../../state/conversation-list-cache.ts';
import { useHasOwner } from '../../state/use-has-owner.ts';
import { conversationsApi, conversationsQueryKey } from '../../api/conversations-api.ts';

/**
 * The pages seen so far, as one list: duplicates by id skipped (a conversation created while
 * paging shifts the pages), newest first by createdAt (SPEC point 4: conversation list).
 */
export function mergePages(pages: readonly ConversationPage[]): Conversation[] {
  const seen = new Set<string>();
  const list: Conversation[] = [];
  for (const page of pages) {
    for (const conversation of page.conversations) {
      if (seen.has(conversation.conversationId)) continue;
      seen.add(conversation.conversationId);
      list.push(conversation);
    }
  }
  return list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** `GET /api/convos?pageNumber=n` from page 1 on, the next page fetched on demand, stopping at an empty page. */
export function useConversationList() {
  const hasOwner = useHasOwner();
  const query = useInfiniteQuery({
    queryKey: conversationsQueryKey,
    queryFn: ({ pageParam, signal }) => conversationsApi.page(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.conversations.length === 0 ? undefined : last.pageNumber + 1),
    enabled: hasOwner,
    retry: 1,
  });
  const pages = query.data?.pages;
  const conversations = useMemo(() => mergePages(pages ?? []), [pages]);
  const totalPages = Math.max(1, ...(pages ?? []).map((p) => p.pages));
  return { ...query, conversations, totalPages, loadedPages: pages?.length ?? 0 };
}

/** Edits of the cached list, applied at once while the server call runs. */
export function useListCache() {
  const queryClient = useQueryClient();
  return useMemo(() => conversationListCache(queryClient), [queryClient]);
}
