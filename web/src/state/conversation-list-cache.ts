import { DEFAULT_TITLE, type Conversation, type ConversationPage } from '@parley/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationsQueryKey } from '../api/conversations-api.ts';
import { chat } from './chat-store.ts';
import { queryClient } from './query-client.ts';

type ListData = InfiniteData<ConversationPage, number>;

/** Edits of the cached conversation list (`GET /api/convos` pages), applied at once while a server call runs. */
export function conversationListCache(client: QueryClient) {
  const edit = (change: (c: Conversation) => Conversation | null) =>
    client.setQueryData<ListData>(conversationsQueryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              conversations: page.conversations.map(change).filter((c): c is Conversation => c !== null),
            })),
          }
        : data,
    );
  return {
    edit,
    rename: (id: string, title: string) => edit((c) => (c.conversationId === id ? { ...c, title } : c)),
    remove: (ids: ReadonlySet<string>) => edit((c) => (ids.has(c.conversationId) ? null : c)),
    refresh: () => client.invalidateQueries({ queryKey: conversationsQueryKey }),
  };
}

/**
 * A new conversation's title as its chat stream's `title` frame brings it (the one way a title
 * reaches the web from the server): it names the open conversation and its row in the cached
 * list, unless the user named it meanwhile. A list fetch still under way may have been answered
 * before the title was stored, so it is asked again; none is made otherwise.
 */
export function adoptTitle(conversationId: string, title: string, client: QueryClient = queryClient): void {
  chat.adoptTitle(conversationId, title);
  const list = conversationListCache(client);
  list.edit((c) => (c.conversationId === conversationId && c.title === DEFAULT_TITLE ? { ...c, title } : c));
  if (client.isFetching({ queryKey: conversationsQueryKey }) > 0) void list.refresh();
}
