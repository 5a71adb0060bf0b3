import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../locales/error-text.ts';

interface SectionProps {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** One card of the "My usage" page: a heading (with its actions) over its content. */
export function UsageSection({ id, title, actions, children, ...rest }: SectionProps) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900" data-testid={rest['data-testid']}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

interface ListStateProps {
  pending: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A list's loading, failure and empty states, or the list itself. */
export function ListState({ pending, error, empty, emptyText, children, ...rest }: ListStateProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('common.loading')} className="size-5" />
      </div>
    );
  }
  if (error && empty) return <Banner>{errorText(t, error)}</Banner>;
  if (empty) {
    return (
      <p className="rounded-xl bg-neutral-50 px-4 py-6 text-center text-sm text-neutral-500 dark:bg-neutral-800/60 dark:text-neutral-400" data-testid={rest['data-testid']}>
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}

/** "Load more" under a list while more pages remain. */
export function LoadMore({ more, loading, onMore, ...rest }: { more: boolean; loading: boolean; onMore(): void; 'data-testid'?: string }) {
  const { t } = useTranslation();
  if (!more) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" size="sm" onClick={onMore} disabled={loading} data-testid={rest['data-testid']}>
        {loading ? <Spinner label={t('common.loading')} className="size-4" /> : null}
        {t('my_usage.load_more')}
      </Button>
    </div>
  );
}
