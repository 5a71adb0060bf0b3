import type { AuditEntry } from '@parley/core';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { downloadCsv, type CsvColumn } from '../../components/console/csv.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Select } from '../../components/ui/select.tsx';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { AuditChange } from './audit-change.tsx';
import { fetchAuditPage } from './audit-api.ts';

/** The areas whose actions the log can be narrowed to (an action is `<area>.<verb>`). */
const areas = ['user', 'channel', 'key', 'code', 'order', 'model', 'operator'] as const;

/** The audit log: every console action, who made it, from where, and what it changed. */
export function AuditPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const list = useConsoleList('audit', fetchAuditPage, { area: '' });

  const columns: Column<AuditEntry>[] = [
    { id: 'time', header: t('admin:audit.time'), cell: (e) => <time dateTime={e.createdAt} className="whitespace-nowrap tabular-nums">{formatDate(e.createdAt)}</time> },
    { id: 'actor', header: t('admin:audit.actor'), cell: (e) => (e.actor.kind === 'account' ? e.actor.email : t('admin:operator')) },
    { id: 'action', header: t('admin:audit.action'), cell: (e) => <code className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs dark:bg-neutral-800">{e.action}</code> },
    { id: 'target', header: t('admin:audit.target'), cell: (e) => <span className="break-all">{e.target ?? '—'}</span> },
    { id: 'ip', header: t('admin:audit.ip'), cell: (e) => <span className="tabular-nums">{e.ip}</span> },
    { id: 'change', header: t('admin:audit.change'), cell: (e) => <AuditChange before={e.before} after={e.after} /> },
  ];

  const csvColumns: CsvColumn<AuditEntry>[] = [
    { header: t('admin:audit.time'), value: (e) => e.createdAt },
    { header: t('admin:audit.actor'), value: (e) => (e.actor.kind === 'account' ? e.actor.email : t('admin:operator')) },
    { header: t('admin:audit.action'), value: (e) => e.action },
    { header: t('admin:audit.target'), value: (e) => e.target },
    { header: t('admin:audit.ip'), value: (e) => e.ip },
    { header: t('admin:audit.before'), value: (e) => (e.before === null ? '' : JSON.stringify(e.before)) },
    { header: t('admin:audit.after'), value: (e) => (e.after === null ? '' : JSON.stringify(e.after)) },
  ];
  const exportPage = () => downloadCsv(`audit-log-${new Date().toISOString().slice(0, 10)}`, list.rows ?? [], csvColumns);

  return (
    <ConsolePage
      title={t('admin:sections.audit')}
      description={t('admin:audit.description')}
      actions={
        <Button variant="secondary" size="sm" onClick={exportPage} disabled={!list.rows?.length} data-testid="audit-csv">
          <Download aria-hidden className="size-4" />
          {t('admin:audit.export_csv')}
        </Button>
      }
      data-testid="audit-page"
    >
      <DataTable
        label={t('admin:sections.audit')}
        columns={columns}
        rows={list.rows}
        rowKey={(e) => e.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin:audit.empty')}
        search={{ ...list.search, placeholder: t('admin:audit.search') }}
        filters={
          <Select
            aria-label={t('admin:audit.area')}
            value={list.filters.area || 'all'}
            onValueChange={(value) => list.setFilter('area', value === 'all' ? '' : value)}
            options={[{ value: 'all', label: t('admin:audit.all_areas') }, ...areas.map((area) => ({ value: area, label: t(`admin:audit.areas.${area}`) }))]}
            data-testid="audit-area"
          />
        }
        data-testid="audit-table"
      />
    </ConsolePage>
  );
}
