import { Info, SearchX } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { useConversationTitle } from '../../state/use-conversation-title.ts';
import { SearchPager } from './search-pager.tsx';
import { SearchResult } from './search-result.tsx';
import { useSearchResults } from './use-search-results.ts';

/**
 * The search view, the pseudo-conversation `search` (SPEC point 2): matching messages with their
 * conversation's title and sender, newest first, paged. There is no message box: nothing can be
 * sent from here.
 */
export function SearchView({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const results = useSearchResults(query);
  useConversationTitle(t('search.title'));

  const formatDate = useFormatDateTime();
  const open = useCallback((conversationId: string, messageId: string) => navigate(`/chat/${conversationId}`, { state: { focusMessage: messageId } }), [navigate]);
  const data = results.data;

  return (
    <div className="flex h-full flex-col" data-testid="search-view">
      <header className="hidden h-13 shrink-0 items-center gap-3 border-b border-neutral-200/70 pl-14 pr-4 md:flex dark:border-neutral-800">
        <h2 className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{t('search.title')}</h2>
      </header>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-3xl px-4 pb-10 pt-6 sm:px-6">
          {query ? (
            <h1 className="break-words text-xl font-semibold text-neutral-900 dark:text-neutral-50" data-testid="search-heading">
              {t('search.results_for', { query })}
            </h1>
          ) : null}
          <p className="mt-1.5 flex items-center gap-1.5 text-sm text-neutral-500 dark:text-neutral-400" data-testid="search-hint">
            <Info aria-hidden className="size-4 shrink-0" />
            {query ? t('search.hint') : t('search.prompt')}
          </p>

          {!query ? null : results.isPending ? (
            <div className="flex justify-center py-16">
              <Spinner label={t('common.loading')} className="size-6" />
            </div>
          ) : results.isError && !data ? (
            <Banner className="mt-6" data-testid="search-error">
              {errorText(t, results.error)}
            </Banner>
          ) : data && data.messages.length === 0 ? (
            <div className="flex flex-col items-center py-16 text-center" data-testid="search-empty">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-400 dark:bg-neutral-800 dark:text-neutral-500">
                <SearchX aria-hidden className="size-6" />
              </span>
              <p className="mt-4 text-base font-medium text-neutral-800 dark:text-neutral-100">{t('search.empty')}</p>
              <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('search.empty_hint')}</p>
            </div>
          ) : data ? (
            <>
              <ol className={cn('mt-6 flex flex-col gap-3 transition-opacity', results.isPlaceholderData && 'opacity-60')} data-testid="search-results">
                {data.messages.map((message) => (
                  <SearchResult key={message.messageId} message={message} query={query} formatDate={formatDate} onOpen={open} />
                ))}
              </ol>
              {data.pages > 1 ? (
                <SearchPager
                  page={results.page}
                  pages={data.pages}
                  onPage={(page) => {
                    results.setPage(page);
                    scrollRef.current?.scrollTo({ top: 0 });
                  }}
                />
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
