import type { OrderView } from '@parley/core';
import { CircleCheck, LoaderCircle, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { useEnterKey } from '../access/use-enter-key.ts';
import { NewKeyCard } from './new-key-card.tsx';
import { payMethodIds } from './pay-methods.ts';
import { takeRenewal } from './renewal-memory.ts';
import { useOrderWatch } from './use-order-watch.ts';

function Summary({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const what = order.purpose === 'credits' ? t('buy.credits_amount', { credits: format(order.quota) }) : t('quota.pack.amount', { quota: format(order.quota) });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="order-summary">
      <dt className="text-neutral-500 dark:text-neutral-400">{t('buy.summary.item')}</dt>
      <dd className="text-neutral-900 dark:text-neutral-100">{what}</dd>
      <dt className="text-neutral-500 dark:text-neutral-400">{t('buy.summary.price')}</dt>
      <dd className="tabular-nums text-neutral-900 dark:text-neutral-100">{t('quota.price', { price: (order.price / 100).toFixed(2) })}</dd>
      <dt className="text-neutral-500 dark:text-neutral-400">{t('buy.summary.method')}</dt>
      <dd className="text-neutral-900 dark:text-neutral-100">{t(`quota.method.${payMethodIds[order.type]}`)}</dd>
      <dt className="text-neutral-500 dark:text-neutral-400">{t('buy.summary.order')}</dt>
      <dd className="break-all font-mono text-xs leading-5 text-neutral-600 dark:text-neutral-300">{order.id}</dd>
    </dl>
  );
}

/** The paid order: 充值成功 and what it brought (a new key shown once, or the quota or credits now). */
function Paid({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const { enter, busy } = useEnterKey();
  const [renewed] = useState(() => (order.purpose === 'key_topup' ? takeRenewal(order.id) : null));
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const startWith = (key: string) => void enter(key);
  return (
    <div className="space-y-5">
      <Banner tone="success" data-testid="order-paid">
        <strong className="font-semibold">{t('buy.paid.title')}</strong>{' '}
        {order.balance !== null && order.purpose !== 'new_key' ? t(`buy.paid.${order.purpose === 'credits' ? 'credits' : 'quota'}`, { balance: format(order.balance) }) : null}
        {order.purpose === 'new_key' && order.balance !== null ? t('buy.paid.new_key_quota', { balance: format(order.balance) }) : null}
        {order.expiresAt ? ` ${t('buy.paid.expires', { date: formatDate(order.expiresAt) })}` : null}
      </Banner>
      {order.purpose === 'new_key' ? (
        order.key ? (
          <NewKeyCard keyText={order.key} shownUntil={order.keyShownUntil} busy={busy} onUse={() => startWith(order.key!)} />
        ) : (
          <Banner tone="info" data-testid="order-key-gone">
            {t('buy.key_gone', { prefix: order.keyPrefix ?? 'sk-' })}
          </Banner>
        )
      ) : renewed ? (
        <Button className="w-full" onClick={() => startWith(renewed)} disabled={busy} data-testid="order-use-key">
          {t('buy.use_key')}
        </Button>
      ) : (
        <Link to="/chat/new" className={buttonClasses('primary', 'md', 'w-full')} data-testid="order-back">
          {t('buy.back_to_chat')}
        </Link>
      )}
    </div>
  );
}

function Frame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="w-full max-w-md rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900" data-testid="order-page">
      <h1 className="mb-5 flex items-center gap-2.5 text-lg font-semibold text-neutral-900 dark:text-neutral-50">
        {icon}
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * `/order/:orderId`, where the gateway sends the payer back: it waits for the payment's
 * notification (asking every few seconds, and saying so when it is late), then says 充值成功 with
 * what the order brought. Only the browser that placed the order sees it.
 */
export function OrderPage({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { order, missing, late } = useOrderWatch(orderId);
  if (missing) {
    return (
      <Frame icon={<SearchX aria-hidden className="size-5 text-neutral-500" />} title={t('buy.missing.title')}>
        <p className="mb-5 text-sm leading-relaxed text-neutral-600 dark:text-neutral-300" data-testid="order-missing">
          {t('buy.missing.body')}
        </p>
        <Link to="/chat/new" className={buttonClasses('secondary', 'md', 'w-full')}>
          {t('buy.back_to_chat')}
        </Link>
      </Frame>
    );
  }
  if (!order) {
    return (
      <Frame icon={<LoaderCircle aria-hidden className="size-5 animate-spin text-emerald-600" />} title={t('common.loading')}>
        <div className="h-24" />
      </Frame>
    );
  }
  if (order.paid) {
    return (
      <Frame icon={<CircleCheck aria-hidden className="size-5 text-emerald-600" />} title={order.purpose === 'new_key' ? t('buy.paid.key_title') : t('buy.paid.title')}>
        <div className="space-y-5">
          <Paid order={order} />
          <Summary order={order} />
        </div>
      </Frame>
    );
  }
  return (
    <Frame icon={<LoaderCircle aria-hidden className="size-5 animate-spin text-emerald-600" />} title={t('buy.pending.title')}>
      <div className="space-y-5">
        <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300" role="status" data-testid="order-pending">
          {late ? t('buy.pending.late') : t('buy.pending.waiting')}
        </p>
        <Summary order={order} />
      </div>
    </Frame>
  );
}
