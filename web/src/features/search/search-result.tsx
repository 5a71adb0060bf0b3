import type { SearchMessage } from '@parley/core';
import { User } from 'lucide-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationTitle } from '../../state/display-title.ts';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import { highlightExcerpt, plainMarkdown } from './highlight.ts';

export interface SearchResultProps {
  message: SearchMessage;
  query: string;
  formatDate(iso: string): string;
  /** Opens the conversation on the branch that holds the message, scrolled to it. */
  onOpen(conversationId: string, messageId: string): void;
}

/** One matching message: its conversation's title, who wrote it and the matching text, opening the conversation on click. */
export const SearchResult = memo(function SearchResult({ message, query, formatDate, onOpen }: SearchResultProps) {
  const { t } = useTranslation();
  const user = message.isCreatedByUser;
  // Replies are markdown; their markup would read as noise in a one-paragraph excerpt.
  const segments = useMemo(() => highlightExcerpt(user ? message.text : plainMarkdown(message.text), query), [message.text, query, user]);
  // The stored sender of a user message is the English 'User'; the reader is that user.
  const sender = user ? t('search.you') : message.sender || t('chat.message.assistant');

  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(message.conversationId, message.messageId)}
        data-testid="search-result"
        data-conversation-id={message.conversationId}
        data-message-id={message.messageId}
        className="group block w-full cursor-pointer rounded-2xl border border-neutral-200 bg-white px-4 py-3.5 text-left shadow-xs transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-neutral-700 dark:hover:bg-neutral-850"
      >
        <div className="flex items-baseline gap-3">
          <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-neutral-900 group-hover:underline dark:text-neutral-100" data-testid="search-result-title">
            {conversationTitle(message.title, t)}
          </span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs tabular-nums text-neutral-500 dark:text-neutral-400">
            {formatDate(message.createdAt)}
          </time>
        </div>
        <div className="mt-2 flex items-center gap-2">
          {user ? (
            <span aria-hidden className="inline-flex size-5 items-center justify-center rounded-md bg-neutral-200 text-neutral-600 dark:bg-neutral-700 dark:text-neutral-300">
              <User className="size-3" />
            </span>
          ) : (
            <EndpointIcon endpoint={message.endpoint} className="size-5 rounded-md" data-testid="search-result-avatar" />
          )}
          <span className="text-xs font-medium text-neutral-600 dark:text-neutral-300" data-testid="search-result-sender">
            {sender}
          </span>
        </div>
        <p className="mt-1.5 line-clamp-4 break-words text-sm leading-relaxed text-neutral-700 dark:text-neutral-300" data-testid="search-result-text">
          {segments.map((segment, index) =>
            segment.match ? (
              <mark key={index} className="rounded-sm bg-amber-200/80 px-0.5 text-neutral-900 dark:bg-amber-400/30 dark:text-amber-50">
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </p>
      </button>
    </li>
  );
});
