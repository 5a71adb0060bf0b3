import type { BalanceUnit } from '@parley/core';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Button } from '../../components/ui/button.tsx';
import { useConversationTitle } from '../../state/use-conversation-title.ts';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { BalanceLine } from '../balance/balance-line.tsx';
import { useBalance } from '../balance/use-balance.ts';
import { OrdersSection } from './orders-section.tsx';
import { RecordsSection } from './records-section.tsx';
import { SpendChart, type SpendMetric } from './spend-chart.tsx';

const metricOf: Record<BalanceUnit, SpendMetric> = { quota: 'quota', credits: 'credits', free_calls: 'calls' };

/**
 * "My usage", a key's or an account's own: what is left, spend by day, the caller's own calls (with
 * their CSV file) and orders. A key sees its own, an account its own; never anyone else's.
 */
export function MyUsagePage() {
  const { t } = useTranslation();
  const balance = useBalance();
  const paymentsEnabled = useStartupConfig().data?.paymentsEnabled === true;
  const showAccessDialog = useAccessDialogs((s) => s.show);
  useConversationTitle(t('my_usage.title'));
  const canTopUp = paymentsEnabled && (balance?.unit === 'quota' || balance?.unit === 'credits');

  return (
    <div className="flex h-full flex-col" data-testid="my-usage-page">
      <header className="hidden h-13 shrink-0 items-center gap-3 border-b border-neutral-200/70 pl-14 pr-4 md:flex dark:border-neutral-800">
        <h2 className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{t('my_usage.title')}</h2>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 pb-10 pt-6 sm:px-6">
          <div>
            <h1 className="text-xl font-semibold text-neutral-900 dark:text-neutral-50">{t('my_usage.title')}</h1>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('my_usage.description')}</p>
          </div>
          {balance ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-emerald-50 px-4 py-3.5 sm:px-5 dark:bg-emerald-950/40" data-testid="my-usage-balance">
              <BalanceLine className="font-medium" />
              {canTopUp ? (
                <Button size="sm" onClick={() => showAccessDialog('quota')} data-testid="my-usage-top-up">
                  <Coins aria-hidden className="size-4" />
                  {t('my_usage.top_up')}
                </Button>
              ) : null}
            </div>
          ) : null}
          <SpendChart metric={balance ? metricOf[balance.unit] : 'calls'} />
          <RecordsSection />
          <OrdersSection />
        </div>
      </div>
    </div>
  );
}
