import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface PaginatorProps {
  page: number;
  total: number;
  onPrevious(): void;
  onNext(): void;
}

/** `<<  page / total  >>` under the list (SPEC point 2, sidebar items). */
export function Paginator({ page, total, onPrevious, onNext }: PaginatorProps) {
  const { t } = useTranslation();
  const button =
    'inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';
  return (
    <div className="flex items-center justify-center gap-3 py-1.5 text-xs tabular-nums text-neutral-500 dark:text-neutral-400" data-testid="paginator">
      <button type="button" className={button} aria-label={t('conversations.previous_page')} disabled={page <= 1} onClick={onPrevious} data-testid="page-previous">
        <ChevronsLeft aria-hidden className="size-4" />
      </button>
      <span data-testid="page-indicator">
        {page} / {total}
      </span>
      <button type="button" className={button} aria-label={t('conversations.next_page')} disabled={page >= total} onClick={onNext} data-testid="page-next">
        <ChevronsRight aria-hidden className="size-4" />
      </button>
    </div>
  );
}
