import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Spinner } from '../ui/spinner.tsx';

export interface Column<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  className?: string;
}

interface Paging {
  offset: number;
  limit: number;
  onOffset(offset: number): void;
}

export interface DataTableProps<T> {
  /** The table's accessible name (the section's list). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey(row: T): string;
  total: number;
  paging: Paging;
  search?: { value: string; onChange(value: string): void; placeholder: string };
  /** Filter controls beside the search (selects, toggles). */
  filters?: ReactNode;
  /** The actions of one row (buttons, a menu), last column on desktop, foot of the card on a phone. */
  rowActions?(row: T): ReactNode;
  loading?: boolean;
  error?: string | null;
  empty: string;
  'data-testid'?: string;
}

/**
 * The console's list: search and filters above, a table on a wide screen and one card per row on
 * a phone, and paging below. The rows come from the server a page at a time (`useConsoleList`).
 */
export function DataTable<T>({ label, columns, rows, rowKey, total, paging, search, filters, rowActions, loading, error, empty, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : paging.offset + 1;
  const to = Math.min(total, paging.offset + paging.limit);
  const list = rows ?? [];

  return (
    <div className="flex flex-col gap-3" data-testid={rest['data-testid']}>
      {search || filters ? (
        <div className="flex flex-wrap items-center gap-2">
          {search ? (
            <label className="relative min-w-0 flex-1 basis-56">
              <span className="sr-only">{search.placeholder}</span>
              <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-400" />
              <Input type="search" value={search.value} onChange={(e) => search.onChange(e.target.value)} placeholder={search.placeholder} className="h-10 pl-9" data-testid="table-search" />
            </label>
          ) : null}
          {filters}
        </div>
      ) : null}

      <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
        {error ? (
          <p role="alert" className="p-6 text-center text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : rows === undefined ? (
          <div className="flex justify-center p-8">
            <Spinner label={t('admin:table.loading')} />
          </div>
        ) : list.length === 0 ? (
          <p className="p-8 text-center text-sm text-neutral-500 dark:text-neutral-400">{empty}</p>
        ) : (
          <>
            <table aria-label={label} aria-busy={loading || undefined} className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium uppercase tracking-wide text-neutral-500 dark:border-neutral-800 dark:bg-neutral-900/60 dark:text-neutral-400">
                <tr>
                  {columns.map((c) => (
                    <th key={c.id} scope="col" className={`px-4 py-2.5 font-medium ${c.className ?? ''}`}>
                      {c.header}
                    </th>
                  ))}
                  {rowActions ? (
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      <span className="sr-only">{t('admin:table.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
                {list.map((row) => (
                  <tr key={rowKey(row)} className="align-middle text-neutral-800 hover:bg-neutral-50/70 dark:text-neutral-200 dark:hover:bg-neutral-800/40" data-testid="table-row">
                    {columns.map((c) => (
                      <td key={c.id} className={`px-4 py-3 ${c.className ?? ''}`}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {rowActions ? <td className="px-4 py-2 text-right">{rowActions(row)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul aria-label={label} className="divide-y divide-neutral-100 md:hidden dark:divide-neutral-800">
              {list.map((row) => (
                <li key={rowKey(row)} className="space-y-1.5 px-4 py-3 text-sm" data-testid="table-card">
                  {columns.map((c) => (
                    <div key={c.id} className="flex items-baseline justify-between gap-3">
                      <span className="shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{c.header}</span>
                      <span className="min-w-0 text-right text-neutral-800 dark:text-neutral-200">{c.cell(row)}</span>
                    </div>
                  ))}
                  {rowActions ? <div className="flex flex-wrap justify-end gap-2 pt-1">{rowActions(row)}</div> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <nav aria-label={t('admin:table.pages')} className="flex items-center justify-between gap-2 text-sm text-neutral-600 dark:text-neutral-400">
        <span aria-live="polite" data-testid="table-range">
          {t('admin:table.range', { from, to, total })}
        </span>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={paging.offset === 0} onClick={() => paging.onOffset(Math.max(0, paging.offset - paging.limit))}>
            <ChevronLeft aria-hidden className="size-4" />
            <span className="max-sm:sr-only">{t('admin:table.previous')}</span>
          </Button>
          <Button variant="secondary" size="sm" disabled={to >= total} onClick={() => paging.onOffset(paging.offset + paging.limit)}>
            <span className="max-sm:sr-only">{t('admin:table.next')}</span>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      </nav>
    </div>
  );
}
