import { CODE_STATES, type AdminCode, type CodeState } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { StateBadge, type BadgeTone } from '../../components/console/state-badge.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { codesApi } from './codes-api.ts';
import { CreateCodesDialog } from './create-codes-dialog.tsx';

const stateTones: Record<CodeState, BadgeTone> = { unused: 'green', redeemed: 'sky', expired: 'amber', disabled: 'grey' };

/** Redemption codes (兑换码): batches of one-time codes, each listed with its state and where it went. */
export function CodesPage() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const toast = useToasts((s) => s.show);
  const list = useConsoleList('codes', codesApi.page, { state: '' });
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<AdminCode | null>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const disable = useMutation({
    mutationFn: (code: AdminCode) => codesApi.disable(code.id),
    onSuccess: () => {
      setDisabling(null);
      void list.query.refetch();
    },
    onError: (error) => toast(errorText(t, error)),
  });

  const columns: Column<AdminCode>[] = [
    { id: 'code', header: t('admin-codes:columns.code'), cell: (c) => <code className="font-mono text-xs">{c.prefix}-…</code> },
    { id: 'kind', header: t('admin-codes:columns.kind'), cell: (c) => t(`admin-codes:kinds.${c.kind}`) },
    { id: 'quota', header: t('admin-codes:columns.quota'), cell: (c) => <span className="tabular-nums">{number(c.quota)}</span> },
    { id: 'state', header: t('admin-codes:columns.state'), cell: (c) => <StateBadge tone={stateTones[c.state]} label={t(`admin-codes:states.${c.state}`)} data-testid="code-state" /> },
    {
      id: 'redeemed',
      header: t('admin-codes:columns.redeemed'),
      cell: (c) => (c.redeemedAt ? <span className="whitespace-nowrap">{c.redeemedKeyPrefix ? <code className="font-mono text-xs">{c.redeemedKeyPrefix}…</code> : null} {formatDate(c.redeemedAt)}</span> : '—'),
    },
    { id: 'expires', header: t('admin-codes:columns.expires'), cell: (c) => (c.expiresAt ? formatDate(c.expiresAt) : t('admin-codes:never')) },
    { id: 'note', header: t('admin-codes:columns.note'), cell: (c) => <span className="break-words">{c.note ?? '—'}</span> },
  ];

  return (
    <ConsolePage
      title={t('admin-codes:title')}
      description={t('admin-codes:description')}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="codes-new">
          <Plus aria-hidden className="size-4" />
          {t('admin-codes:new')}
        </Button>
      }
      data-testid="codes-page"
    >
      <DataTable
        label={t('admin-codes:title')}
        columns={columns}
        rows={list.rows}
        rowKey={(c) => c.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin-codes:empty')}
        search={{ ...list.search, placeholder: t('admin-codes:search') }}
        filters={
          <Select
            aria-label={t('admin-codes:columns.state')}
            value={list.filters.state || 'all'}
            onValueChange={(value) => list.setFilter('state', value === 'all' ? '' : value)}
            options={[{ value: 'all', label: t('admin-codes:all_states') }, ...CODE_STATES.map((s) => ({ value: s, label: t(`admin-codes:states.${s}`) }))]}
            data-testid="codes-state-filter"
          />
        }
        rowActions={(c) =>
          c.state === 'unused' ? (
            <Button variant="ghost" size="sm" onClick={() => setDisabling(c)} data-testid="code-disable">
              {t('admin-codes:disable')}
            </Button>
          ) : null
        }
        data-testid="codes-table"
      />
      <CreateCodesDialog open={creating} onOpenChange={setCreating} onCreated={() => void list.query.refetch()} />
      <ConfirmDialog
        open={disabling !== null}
        title={t('admin-codes:disable_title')}
        description={t('admin-codes:disable_text', { code: disabling?.prefix ?? '' })}
        confirmLabel={t('admin-codes:disable')}
        busy={disable.isPending}
        onConfirm={() => disabling && disable.mutate(disabling)}
        onOpenChange={(open) => !open && setDisabling(null)}
      />
    </ConsolePage>
  );
}
