import { ORDER_STATES, payTypes, type AdminOrder, type OrderState } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console/console-page.tsx';
import { DataTable, type Column } from '../../components/console/data-table.tsx';
import { PromptDialog } from '../../components/console/prompt-dialog.tsx';
import { StateBadge, type BadgeTone } from '../../components/console/state-badge.tsx';
import { useConsoleList } from '../../components/console/use-console-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { ordersApi } from './orders-api.ts';

const stateTones: Record<OrderState, BadgeTone> = { pending: 'grey', paid: 'amber', credited: 'green', failed: 'red', refunded: 'sky' };

/** Integer fen as yuan, in the reader's number format: ¥20.00. */
function useYuan(): (fen: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' });
  return (fen) => format.format(fen / 100);
}

/** Every top-up order: who paid, for what, how, its state at the gateway and here; refund and re-query. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const yuan = useYuan();
  const toast = useToasts((s) => s.show);
  const list = useConsoleList('orders', ordersApi.page, { status: '' });
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const refresh = () => void list.query.refetch();
  const refund = useMutation({
    mutationFn: ({ order, reason }: { order: AdminOrder; reason: string }) => ordersApi.refund(order.id, reason),
    onSuccess: (order) => {
      setRefunding(null);
      toast(t('admin-orders:refunded', { quota: new Intl.NumberFormat(i18n.language).format(order.refundedQuota ?? 0) }), 'success');
      refresh();
    },
  });
  const requery = useMutation({
    mutationFn: (order: AdminOrder) => ordersApi.requery(order.id),
    onSuccess: ({ outcome }) => {
      toast(t(`admin-orders:requery.${outcome}`), outcome === 'credited' || outcome === 'already-credited' ? 'success' : 'error');
      refresh();
    },
    onError: (error) => toast(errorText(t, error)),
  });

  const columns: Column<AdminOrder>[] = [
    { id: 'order', header: t('admin-orders:columns.order'), cell: (o) => <code className="break-all font-mono text-xs">{o.id}</code> },
    {
      id: 'who',
      header: t('admin-orders:columns.who'),
      cell: (o) => (o.accountEmail ? <span className="break-all">{o.accountEmail}</span> : o.keyPrefix ? <code className="font-mono text-xs">{o.keyPrefix}…</code> : '—'),
    },
    { id: 'pack', header: t('admin-orders:columns.pack'), cell: (o) => <span className="tabular-nums">{t('admin-orders:quota', { quota: new Intl.NumberFormat(i18n.language).format(o.quota) })}</span> },
    { id: 'method', header: t('admin-orders:columns.method'), cell: (o) => t(`admin-orders:methods.${payTypes[o.type as keyof typeof payTypes] ?? 'unknown'}`) },
    { id: 'amount', header: t('admin-orders:columns.amount'), cell: (o) => <span className="font-medium tabular-nums">{yuan(o.priceFen)}</span> },
    {
      id: 'state',
      header: t('admin-orders:columns.state'),
      cell: (o) => (
        <span className="flex flex-col gap-0.5">
          <StateBadge tone={stateTones[o.status]} label={t(`admin-orders:states.${o.status}`)} data-testid="order-state" />
          {o.refundReason ? <span className="text-xs text-neutral-500 dark:text-neutral-400">{o.refundReason}</span> : null}
          {o.failure ? <span className="text-xs text-red-700 dark:text-red-400">{o.failure}</span> : null}
        </span>
      ),
    },
    { id: 'trade', header: t('admin-orders:columns.trade'), cell: (o) => (o.tradeNo ? <code className="break-all font-mono text-xs">{o.tradeNo}</code> : '—') },
    {
      id: 'time',
      header: t('admin-orders:columns.time'),
      cell: (o) => (
        <span className="flex flex-col whitespace-nowrap text-xs tabular-nums">
          <span>{formatDate(o.createdAt)}</span>
          {o.paidAt ? <span className="text-neutral-500 dark:text-neutral-400">{t('admin-orders:paid_at', { time: formatDate(o.paidAt) })}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <ConsolePage title={t('admin-orders:title')} description={t('admin-orders:description')} data-testid="orders-page">
      <DataTable
        label={t('admin-orders:title')}
        columns={columns}
        rows={list.rows}
        rowKey={(o) => o.id}
        total={list.total}
        paging={list.paging}
        loading={list.query.isFetching}
        error={list.query.error ? errorText(t, list.query.error) : null}
        empty={t('admin-orders:empty')}
        search={{ ...list.search, placeholder: t('admin-orders:search') }}
        filters={
          <Select
            aria-label={t('admin-orders:columns.state')}
            value={list.filters.status || 'all'}
            onValueChange={(value) => list.setFilter('status', value === 'all' ? '' : value)}
            options={[{ value: 'all', label: t('admin-orders:all_states') }, ...ORDER_STATES.map((s) => ({ value: s, label: t(`admin-orders:states.${s}`) }))]}
            data-testid="orders-state-filter"
          />
        }
        rowActions={(o) => (
          <span className="flex flex-wrap gap-1">
            {o.status === 'pending' || o.status === 'failed' ? (
              <Button variant="ghost" size="sm" disabled={requery.isPending} onClick={() => requery.mutate(o)} data-testid="order-requery">
                <RefreshCw aria-hidden className="size-4" />
                {t('admin-orders:requery.action')}
              </Button>
            ) : null}
            {o.status === 'credited' || o.status === 'paid' ? (
              <Button variant="ghost" size="sm" onClick={() => setRefunding(o)} data-testid="order-refund">
                <Undo2 aria-hidden className="size-4" />
                {t('admin-orders:refund.action')}
              </Button>
            ) : null}
          </span>
        )}
        data-testid="orders-table"
      />
      <PromptDialog
        open={refunding !== null}
        title={t('admin-orders:refund.title')}
        description={refunding ? t('admin-orders:refund.text', { amount: yuan(refunding.priceFen), quota: new Intl.NumberFormat(i18n.language).format(refunding.quota) }) : undefined}
        label={t('admin-orders:refund.reason')}
        confirmLabel={t('admin-orders:refund.confirm')}
        kind="text"
        busy={refund.isPending}
        error={refund.isError ? errorText(t, refund.error) : null}
        onSubmit={(reason) => refunding && refund.mutate({ order: refunding, reason })}
        onOpenChange={(open) => {
          if (!open) {
            setRefunding(null);
            refund.reset();
          }
        }}
      />
    </ConsolePage>
  );
}
