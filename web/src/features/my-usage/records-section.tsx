import type { UsageRecordPage, UsageRecordView } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StateBadge } from '../../components/console/state-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { myUsageApi } from './my-usage-api.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { ListState, LoadMore, UsageSection } from './usage-section.tsx';

const statusTones = { ok: 'green', error: 'red', cancelled: 'grey' } as const;
const recordsOf = (page: UsageRecordPage) => page.records;
const cell = 'px-2 py-2 align-top';

/** The caller's own calls, newest first, "load more" for older ones, and the CSV file of them. */
export function RecordsSection() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const toast = useToasts((s) => s.show);
  const { query, items } = useCursorPages(['my-usage', 'records'], myUsageApi.records, recordsOf);
  const exportCsv = useMutation({ mutationFn: myUsageApi.csv, onError: (error) => toast(errorText(t, error)) });
  const number = new Intl.NumberFormat(i18n.language);
  const cost = (r: UsageRecordView) => (r.unit === 'free' ? t('my_usage.free') : `${number.format(r.charged)} ${t(`my_usage.metric.${r.unit}`)}`);

  return (
    <UsageSection
      id="my-usage-records"
      title={t('my_usage.records_title')}
      actions={
        <Button variant="secondary" size="sm" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || items.length === 0} data-testid="my-usage-export">
          <Download aria-hidden className="size-4" />
          {t('my_usage.export')}
        </Button>
      }
      data-testid="my-usage-records"
    >
      <ListState pending={query.isPending} error={query.error} empty={items.length === 0} emptyText={t('my_usage.records_empty')} data-testid="my-usage-records-empty">
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-neutral-500 dark:text-neutral-400">
              <tr>
                <th scope="col" className={cell}>{t('my_usage.columns.time')}</th>
                <th scope="col" className={cell}>{t('my_usage.columns.model')}</th>
                <th scope="col" className={`${cell} hidden sm:table-cell`}>{t('my_usage.columns.tokens')}</th>
                <th scope="col" className={`${cell} text-right`}>{t('my_usage.columns.cost')}</th>
                <th scope="col" className={`${cell} hidden sm:table-cell`}>{t('my_usage.columns.status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
              {items.map((r) => (
                <tr key={r.id} data-testid="my-usage-record">
                  <td className={cell}>
                    <time dateTime={r.createdAt} className="whitespace-nowrap text-xs tabular-nums text-neutral-600 dark:text-neutral-300">
                      {formatDate(r.createdAt)}
                    </time>
                  </td>
                  <td className={`${cell} min-w-0`}>
                    <span className="break-all font-medium text-neutral-900 dark:text-neutral-100">{r.model}</span>
                    {/* On a phone the tokens and the state go under the model. */}
                    <span className="mt-0.5 block text-xs text-neutral-500 sm:hidden dark:text-neutral-400">
                      {t('my_usage.tokens', { input: number.format(r.inputTokens), output: number.format(r.outputTokens) })}
                      {r.status === 'ok' ? null : ` · ${t(`my_usage.statuses.${r.status}`)}`}
                    </span>
                  </td>
                  <td className={`${cell} hidden whitespace-nowrap text-xs tabular-nums sm:table-cell`}>
                    {t('my_usage.tokens', { input: number.format(r.inputTokens), output: number.format(r.outputTokens) })}
                  </td>
                  <td className={`${cell} whitespace-nowrap text-right tabular-nums`} data-testid="my-usage-record-cost">
                    {cost(r)}
                  </td>
                  <td className={`${cell} hidden sm:table-cell`}>
                    <StateBadge tone={statusTones[r.status]} label={t(`my_usage.statuses.${r.status}`)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore more={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} data-testid="my-usage-records-more" />
      </ListState>
    </UsageSection>
  );
}
