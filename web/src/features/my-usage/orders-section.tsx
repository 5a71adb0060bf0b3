import { orderPagePath, type MyOrder, type MyOrderPage, type OrderState } from '@parley/core';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StateBadge, type BadgeTone } from '../../components/console/state-badge.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { myUsageApi } from './my-usage-api.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { ListState, LoadMore, UsageSection } from './usage-section.tsx';

const stateTones: Record<OrderState, BadgeTone> = { pending: 'amber', paid: 'sky', credited: 'green', failed: 'red', refunded: 'grey' };
const ordersOf = (page: MyOrderPage) => page.orders;


/** The caller's own orders, newest first: the pack, the amount, the state and the time, each opening its order page. */
export function OrdersSection() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  const { query, items } = useCursorPages(['my-usage', 'orders'], myUsageApi.orders, ordersOf);
  const number = new Intl.NumberFormat(i18n.language);
  const pack = (o: MyOrder) => {
    const amount = t(o.purpose === 'credits' ? 'my_usage.pack.credits' : 'my_usage.pack.quota', { amount: number.format(o.quota) });
    return o.days ? `${amount} · ${t('my_usage.pack.days', { count: o.days })}` : amount;
  };

  return (
    <UsageSection id="my-usage-orders" title={t('my_usage.orders_title')} data-testid="my-usage-orders">
      <ListState pending={query.isPending} error={query.error} empty={items.length === 0} emptyText={t('my_usage.orders_empty')} data-testid="my-usage-orders-empty">
        <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
          {items.map((o) => (
            <li key={o.id}>
              <Link
                to={orderPagePath(o.id)}
                className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-2.5 transition-colors hover:bg-neutral-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 dark:hover:bg-neutral-800/60"
                data-testid="my-usage-order"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-neutral-900 dark:text-neutral-100">{pack(o)}</span>
                    <StateBadge tone={stateTones[o.status]} label={t(`my_usage.order_states.${o.status}`)} data-testid="my-usage-order-state" />
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-neutral-500 dark:text-neutral-400">
                    <time dateTime={o.createdAt} className="tabular-nums">{formatDate(o.createdAt)}</time>
                    {' · '}
                    <span className="font-mono">{o.id}</span>
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums text-neutral-900 dark:text-neutral-50" data-testid="my-usage-order-amount">
                  {t('quota.price', { price: (o.price / 100).toFixed(2) })}
                </span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-neutral-400" />
              </Link>
            </li>
          ))}
        </ul>
        <LoadMore more={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} data-testid="my-usage-orders-more" />
      </ListState>
    </UsageSection>
  );
}
