import { orderPagePath, type OrderPurpose } from '@parley/core';
import { ExternalLink, KeyRound, LoaderCircle, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useOrderWatch } from './use-order-watch.ts';

export interface OrderProgressProps {
  orderId: string;
  payUrl: string;
  purpose: OrderPurpose;
  /** Looks the quota up again (the button the spec's client has; the watch refreshes it by itself too). */
  onRefreshQuota?(): void;
}

/**
 * Under the pay button once the payment tab opened: waits for the gateway's notification, then
 * says 充值成功 with what the key or account has now (a new key: the way to its order page, where
 * it is shown). The same watch refreshes the balance shown anywhere in this tab.
 */
export function OrderProgress({ orderId, payUrl, purpose, onRefreshQuota }: OrderProgressProps) {
  const { t, i18n } = useTranslation();
  const { order, late } = useOrderWatch(orderId);
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  if (order?.paid) {
    return (
      <div className="space-y-3" data-testid="order-created" data-paid="true">
        <Banner tone="success" data-testid="order-paid">
          <strong className="font-semibold">{t('buy.paid.title')}</strong>{' '}
          {purpose === 'new_key' ? t('buy.paid.new_key') : order.balance !== null ? t(`buy.paid.${purpose === 'credits' ? 'credits' : 'quota'}`, { balance: format(order.balance) }) : null}
        </Banner>
        {purpose === 'new_key' ? (
          <Link to={orderPagePath(orderId)} className={buttonClasses('primary', 'md', 'w-full')} data-testid="order-show-key">
            <KeyRound aria-hidden className="size-4" />
            {t('buy.show_key')}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border border-neutral-200 px-4 py-3.5 dark:border-neutral-700" data-testid="order-created" data-paid="false">
      <p className="flex items-start gap-2 text-sm text-neutral-600 dark:text-neutral-300" role="status">
        <LoaderCircle aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin text-emerald-600" />
        {late ? t('buy.pending.late') : t('buy.pending.waiting')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {onRefreshQuota ? (
          <Button variant="secondary" size="sm" onClick={onRefreshQuota} data-testid="paid-refresh">
            <RefreshCw aria-hidden className="size-4" />
            {t('quota.pay.paid_refresh')}
          </Button>
        ) : null}
        <a
          href={payUrl}
          target="_blank"
          rel="noopener"
          data-testid="pay-reopen"
          className="inline-flex items-center gap-1 text-sm text-neutral-500 underline-offset-4 hover:text-neutral-800 hover:underline dark:text-neutral-400 dark:hover:text-neutral-100"
        >
          {t('quota.pay.not_responding')}
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      </div>
    </div>
  );
}
