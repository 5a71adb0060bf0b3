import { CONVERSATION_PAGE_SIZE, type Conversation } from '@parley/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { useNavStore } from '../../state/nav-store.ts';
import { conversationsApi } from '../../api/conversations-api.ts';
import { ConversationItem } from './conversation-item.tsx';
import { groupByDate } from './date-groups.ts';
import { Paginator } from './paginator.tsx';
import { useConversationList, useListCache } from './use-conversation-list.ts';

export interface ConversationListProps {
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onDelete(conversation: Conversation): void;
}

/** The sidebar's conversations by day, loading the next page when the last one scrolls into view. */
export function ConversationList({ selecting, selected, onToggle, onDelete }: ConversationListProps) {
  const { t } = useTranslation();
  const list = useConversationList();
  const cache = useListCache();
  const activeId = useChatStore((s) => s.conversationId);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastRef = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, conversations } = list;

  useEffect(() => {
    const target = lastRef.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scrollRef.current },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, conversations.length]);

  const items = () => [...(scrollRef.current?.querySelectorAll<HTMLElement>('[data-testid="convo-item"]') ?? [])];
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const first = items().findIndex((item) => item.offsetTop + item.offsetHeight > el.scrollTop);
    setPage(Math.floor(Math.max(0, first) / CONVERSATION_PAGE_SIZE) + 1);
  };
  const goToPage = async (target: number) => {
    if (target > list.loadedPages && hasNextPage) await fetchNextPage();
    requestAnimationFrame(() => {
      const item = items()[(target - 1) * CONVERSATION_PAGE_SIZE];
      if (item && scrollRef.current) scrollRef.current.scrollTo({ top: item.offsetTop - 8, behavior: 'smooth' });
      setPage(target);
    });
  };

  const rename = useCallback(
    (id: string, title: string) => {
      cache.rename(id, title);
      const open = useChatStore.getState().conversation;
      if (open?.conversationId === id) chat.setConversation({ ...open, title });
      conversationsApi.rename(id, title).then(
        () => cache.refresh(),
        () => cache.refresh(),
      );
    },
    [cache],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-2" data-testid="convo-list">
        {list.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('common.loading')} />
          </div>
        ) : conversations.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-neutral-500 dark:text-neutral-400" data-testid="convo-empty">
            {t('conversations.empty')}
          </p>
        ) : (
          groupByDate(conversations).map(({ group, items: groupItems }) => (
            <section key={`${group}-${groupItems[0]!.index}`} className="pb-2">
              <h3 className="sticky top-0 z-10 bg-neutral-50 px-2 pb-1 pt-3 text-xs font-medium text-neutral-500 dark:bg-neutral-950 dark:text-neutral-400">
                {t(`conversations.groups.${group}`)}
              </h3>
              <ol className="flex flex-col gap-0.5">
                {groupItems.map(({ conversation }) => (
                  <ConversationItem
                    key={conversation.conversationId}
                    conversation={conversation}
                    active={conversation.conversationId === activeId}
                    selecting={selecting}
                    selected={selected.has(conversation.conversationId)}
                    onToggle={onToggle}
                    onRename={rename}
                    onDelete={onDelete}
                    onOpen={closeDrawer}
                  />
                ))}
              </ol>
            </section>
          ))
        )}
        <div ref={lastRef} aria-hidden className="h-px" />
        {isFetchingNextPage ? (
          <div className="flex justify-center py-3">
            <Spinner label={t('common.loading')} className="size-4" />
          </div>
        ) : null}
      </div>
      {conversations.length > 0 ? (
        <Paginator page={page} total={list.totalPages} onPrevious={() => void goToPage(page - 1)} onNext={() => void goToPage(page + 1)} />
      ) : null}
    </div>
  );
}
