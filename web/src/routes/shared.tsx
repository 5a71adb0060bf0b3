import type { SharedMessage } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStartupConfig } from '../api/use-startup-config.ts';
import { isApiError } from '../api/api-error.ts';
import { AppLogo } from '../components/ui/app-logo.tsx';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { useFormatDateTime } from '../locales/format-date.ts';
import { Markdown } from '../features/messages/markdown/markdown.tsx';
import { conversationTitle } from '../state/display-title.ts';
import { shareApi } from '../features/share/share-api.ts';
import { SharedFiles } from '../features/share/shared-files.tsx';
import { useNoindex } from '../features/share/use-noindex.ts';

function SharedMessageRow({ token, message }: { token: string; message: SharedMessage }) {
  const { t } = useTranslation();
  if (message.isCreatedByUser) {
    return (
      <div className="flex flex-col items-end py-3" data-testid="shared-message" data-role="user">
        <SharedFiles token={token} files={message.files} />
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-3xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-relaxed text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
          <span className="sr-only">{t('share.page.user')}: </span>
          {message.text}
        </div>
      </div>
    );
  }
  return (
    <div className="py-3" data-testid="shared-message" data-role="assistant">
      <p className="mb-1 text-sm font-semibold text-neutral-800 dark:text-neutral-200">{message.model ?? message.sender}</p>
      <div className="text-[15px] leading-relaxed text-neutral-900 dark:text-neutral-100">
        <Markdown text={message.text} />
      </div>
    </div>
  );
}

/**
 * `/share/<token>`: a conversation someone shared, read-only, without signing in. The page shows
 * the shared branch and nothing of its owner; a revoked or unknown link says so.
 */
export function SharedConversationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const formatDate = useFormatDateTime();
  const appTitle = useStartupConfig().data?.appTitle || t('app.default_title');
  const shared = useQuery({ queryKey: ['shared', token], queryFn: ({ signal }) => shareApi.read(token, signal), retry: false });
  useNoindex();
  const title = shared.data ? conversationTitle(shared.data.title, t) : appTitle;
  useDocumentTitle(title);
  if (shared.isPending) return <FullPageSpinner label={t('common.loading')} />;

  const gone = shared.isError && isApiError(shared.error) && shared.error.status === 404;
  return (
    <div className="min-h-dvh bg-white dark:bg-neutral-900">
      <header className="sticky top-0 z-10 border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/90">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" className="flex min-w-0 items-center gap-2 text-sm font-semibold text-neutral-800 dark:text-neutral-100">
            <AppLogo className="size-7" />
            <span className="truncate">{appTitle}</span>
          </Link>
          <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            <Eye aria-hidden className="size-3.5" />
            {t('share.page.read_only')}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:px-6" data-testid="shared-page">
        {shared.data ? (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50" data-testid="shared-title">
              {title}
            </h1>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('share.page.shared_on', { date: formatDate(shared.data.createdAt) })}</p>
            <div className="mt-6 border-t border-neutral-100 pt-2 dark:border-neutral-800">
              {shared.data.messages.map((message) => (
                <SharedMessageRow key={message.messageId} token={token} message={message} />
              ))}
            </div>
          </>
        ) : (
          <div className="py-16 text-center" data-testid="shared-missing">
            <h1 className="text-xl font-semibold text-neutral-900 dark:text-neutral-50">{gone ? t('share.page.gone_title') : t('share.failed')}</h1>
            {gone ? <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{t('share.page.gone_body')}</p> : null}
          </div>
        )}
      </main>
    </div>
  );
}
