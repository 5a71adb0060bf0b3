import type { AdminUsageRecord } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { StateBadge } from '../../components/console/state-badge.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { usageApi } from './usage-api.ts';

const textFilters = ['key', 'account', 'model', 'channel'] as const;
const statusTones = { ok: 'green', error: 'red', cancelled: 'grey' } as const;

/** Every call through the chat and the API: who paid, which model and channel, tokens, cost, time; filtered and exported as CSV. */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const toast = useToasts((s) => s.show);
  const list = useConsoleList('usage', usageApi.page, { key: '', account: '', model: '', channel: '', status: '', from: '', to: '' });
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const exportCsv = useMutation({ mutationFn: () => usageApi.csv({ ...list.filters, q: list.search.value.trim() }), onError: (error) => toast(errorText(t, error)) });

  const columns: Column<AdminUsageRecord>[] = [
    { id: 'time', header: t('admin-usage:columns.time'), cell: (r) => <time dateTime={r.createdAt} className="whitespace-nowrap text-xs tabular-nums">{formatDate(r.createdAt)}</time> },
    {
      id: 'who',
      header: t('admin-usage:columns.who'),
      cell: (r) => (r.accountEmail ? <span className="break-all">{r.accountEmail}</span> : r.keyPrefix ? <code className="font-mono text-xs">{r.keyPrefix}…</code> : t('admin-usage:visitor')),
    },
    {
      id: 'model',
      header: t('admin-usage:columns.model'),
      cell: (r) => (
        <span className="flex flex-col">
          <span className="break-all font-medium">{r.model}</span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{[r.dialect, r.channel].filter(Boolean).join(' · ')}</span>
        </span>
      ),
    },
    { id: 'tokens', header: t('admin-usage:columns.tokens'), cell: (r) => <span className="whitespace-nowrap text-xs tabular-nums">{number(r.inputTokens)} / {number(r.outputTokens)}</span> },
    { id: 'charged', header: t('admin-usage:columns.charged'), cell: (r) => <span className="whitespace-nowrap tabular-nums">{number(r.charged)} {t(`admin-usage:units.${r.unit}`)}</span> },
    { id: 'time_ms', header: t('admin-usage:columns.duration'), cell: (r) => <span className="whitespace-nowrap text-xs tabular-nums">{(r.totalMs / 1000).toFixed(1)} s</span> },
    {
      id: 'status',
      header: t('admin-usage:columns.status'),
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <StateBadge tone={statusTones[r.status]} label={t(`admin-usage:statuses.${r.status}`)} />
          {r.errorCode ? <code className="text-xs text-red-700 dark:text-red-400">{r.errorCode}</code> : null}
        </span>
      ),
    },
  ];

  return (
    <ConsolePage
      title={t('admin-usage:title')}
      description={t('admin-usage:description')}
      actions={
        <Button variant="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} data-testid="usage-export">
          <Download aria-hidden className="size-4" />
          {t('admin-usage:export')}
        </Button>
      }
      data-testid="usage-page"
    >
      <DataTable
        label={t('admin-usage:title')}
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin-usage:empty')}
        filters={
          <div className="grid w-full grid-cols-2 gap-2 md:grid-cols-4 lg:grid-cols-7">
            {textFilters.map((name) => (
              <Input
                key={name}
                value={list.filters[name] ?? ''}
                onChange={(e) => list.setFilter(name, e.target.value)}
                placeholder={t(`admin-usage:filters.${name}`)}
                aria-label={t(`admin-usage:filters.${name}`)}
                className="h-10"
                maxLength={200}
                data-testid={`usage-filter-${name}`}
              />
            ))}
            <Select
              aria-label={t('admin-usage:columns.status')}
              value={list.filters.status || 'all'}
              onValueChange={(value) => list.setFilter('status', value === 'all' ? '' : value)}
              options={[{ value: 'all', label: t('admin-usage:all_statuses') }, ...(['ok', 'error', 'cancelled'] as const).map((s) => ({ value: s, label: t(`admin-usage:statuses.${s}`) }))]}
              className="min-w-0"
              data-testid="usage-filter-status"
            />
            {(['from', 'to'] as const).map((name) => (
              <Input key={name} type="date" value={list.filters[name] ?? ''} onChange={(e) => list.setFilter(name, e.target.value)} aria-label={t(`admin-usage:filters.${name}`)} className="h-10" data-testid={`usage-filter-${name}`} />
            ))}
          </div>
        }
        data-testid="usage-table"
      />
    </ConsolePage>
  );
}
