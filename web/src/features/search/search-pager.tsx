import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';

export interface SearchPagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Previous / next under the results, shown when they span more than one page. */
export function SearchPager({ page, pages, onPage }: SearchPagerProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('search.pages')} className="mt-6 flex items-center justify-center gap-3 text-sm text-neutral-600 dark:text-neutral-300" data-testid="search-pager">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="search-page-previous">
        <ChevronLeft aria-hidden className="size-4" />
        {t('search.previous')}
      </Button>
      <span className="tabular-nums" data-testid="search-page-indicator">
        {t('search.page', { page, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="search-page-next">
        {t('search.next')}
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
