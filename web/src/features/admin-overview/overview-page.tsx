import { useQuery } from '@tanstack/react-query';
import { Activity, Coins, Cpu, Radio, ShoppingCart, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/console/bar-chart.tsx';
import { ConsolePage, ConsolePanel } from '../../components/console/console-page.tsx';
import { LineChart } from '../../components/console/line-chart.tsx';
import { RankBars } from '../../components/console/rank-bars.tsx';
import { StatCard } from '../../components/console/stat-card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../locales/error-text.ts';
import { fetchOverview, type OverviewDays } from './overview-api.ts';
import { useOverviewFormat } from './overview-format.ts';
import { PeriodPicker } from './period-picker.tsx';

/** How often the overview asks again while open (the live streams move; the rest follows). */
const REFRESH_MS = 30_000;

/** The console's first page: what was used, sold and earned in the period, drawn as charts. */
export function OverviewPage() {
  const { t } = useTranslation();
  const f = useOverviewFormat();
  const [days, setDays] = useState<OverviewDays>(7);
  const query = useQuery({ queryKey: ['admin', 'overview', days], queryFn: () => fetchOverview(days), refetchInterval: REFRESH_MS });
  const data = query.data;
  const labels = data?.byDay.map((d) => f.day(d.day)) ?? [];

  return (
    <ConsolePage title={t('admin:sections.overview')} description={t('admin:overview.description')} actions={<PeriodPicker value={days} onChange={setDays} />} data-testid="overview-page">
      {query.error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorText(t, query.error)}
        </p>
      ) : !data ? (
        <div className="flex justify-center p-10">
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
            <StatCard label={t('admin:overview.calls')} value={f.whole(data.totals.calls)} hint={t('admin:overview.error_share', { share: f.share(data.totals.errors, data.totals.calls) })} icon={<Activity className="size-4" />} data-testid="stat-calls" />
            <StatCard label={t('admin:overview.tokens')} value={f.compact(data.totals.tokens)} hint={f.whole(data.totals.tokens)} icon={<Cpu className="size-4" />} data-testid="stat-tokens" />
            <StatCard label={t('admin:overview.quota_spent')} value={f.whole(data.totals.quotaSpent)} hint={t('admin:overview.credits_spent', { credits: f.whole(data.totals.creditsSpent) })} icon={<Coins className="size-4" />} data-testid="stat-quota-spent" />
            <StatCard label={t('admin:overview.quota_sold')} value={f.whole(data.totals.quotaSold)} hint={t('admin:overview.paid_orders', { orders: f.whole(data.totals.paidOrders) })} icon={<ShoppingCart className="size-4" />} data-testid="stat-quota-sold" />
            <StatCard label={t('admin:overview.revenue')} value={f.money(data.totals.revenueFen)} tone={data.totals.revenueFen > 0 ? 'good' : 'default'} icon={<Wallet className="size-4" />} data-testid="stat-revenue" />
            <StatCard label={t('admin:overview.live_streams')} value={f.whole(data.liveStreams)} hint={t('admin:overview.now')} icon={<Radio className="size-4" />} data-testid="stat-live" />
          </div>

          <div className="grid gap-4 lg:grid-cols-2">
            <ConsolePanel title={t('admin:overview.calls_by_day')}>
              <LineChart
                label={t('admin:overview.calls_by_day')}
                labels={labels}
                series={[
                  { name: t('admin:overview.calls'), values: data.byDay.map((d) => d.calls), color: 'emerald' },
                  { name: t('admin:overview.errors'), values: data.byDay.map((d) => d.errors), color: 'rose' },
                ]}
                format={f.compact}
                data-testid="chart-calls"
              />
            </ConsolePanel>
            <ConsolePanel title={t('admin:overview.revenue_by_day')}>
              <BarChart
                label={t('admin:overview.revenue_by_day')}
                labels={labels}
                series={[{ name: t('admin:overview.revenue'), values: data.byDay.map((d) => d.revenueFen), color: 'emerald' }]}
                format={f.money}
                data-testid="chart-revenue"
              />
            </ConsolePanel>
            <ConsolePanel title={t('admin:overview.quota_by_day')}>
              <BarChart
                label={t('admin:overview.quota_by_day')}
                labels={labels}
                series={[
                  { name: t('admin:overview.quota_sold'), values: data.byDay.map((d) => d.quotaSold), color: 'sky' },
                  { name: t('admin:overview.quota_spent'), values: data.byDay.map((d) => d.quotaSpent), color: 'amber' },
                ]}
                format={f.compact}
                data-testid="chart-quota"
              />
            </ConsolePanel>
            <ConsolePanel title={t('admin:overview.tokens_by_day')}>
              <LineChart
                label={t('admin:overview.tokens_by_day')}
                labels={labels}
                series={[{ name: t('admin:overview.tokens'), values: data.byDay.map((d) => d.tokens), color: 'sky' }]}
                format={f.compact}
                data-testid="chart-tokens"
              />
            </ConsolePanel>
          </div>

          <div className="grid gap-4 lg:grid-cols-3">
            <ConsolePanel title={t('admin:overview.top_models')}>
              <RankBars
                label={t('admin:overview.top_models')}
                items={data.topModels.map((m) => ({ label: m.model, value: m.calls, note: t('admin:overview.tokens_note', { tokens: f.compact(m.tokens) }) }))}
                format={f.whole}
                empty={t('admin:overview.no_calls')}
                data-testid="top-models"
              />
            </ConsolePanel>
            <ConsolePanel title={t('admin:overview.top_keys')}>
              <RankBars
                label={t('admin:overview.top_keys')}
                items={data.topKeys.map((k) => ({ label: k.label ? `${k.prefix}… · ${k.label}` : `${k.prefix}…`, value: k.quotaSpent, note: t('admin:overview.calls_note', { calls: f.whole(k.calls) }) }))}
                format={f.whole}
                color="sky"
                empty={t('admin:overview.no_keys')}
                data-testid="top-keys"
              />
            </ConsolePanel>
            <ConsolePanel title={t('admin:overview.error_rate')}>
              <RankBars
                label={t('admin:overview.error_rate')}
                items={data.channels.map((c) => ({
                  label: c.channel ? (c.provider ? `${c.channel} · ${c.provider}` : c.channel) : t('admin:overview.no_channel'),
                  value: c.calls === 0 ? 0 : c.errors / c.calls,
                  note: t('admin:overview.errors_of', { errors: f.whole(c.errors), calls: f.whole(c.calls) }),
                }))}
                format={(rate) => f.share(rate, 1)}
                max={1}
                color="rose"
                empty={t('admin:overview.no_calls')}
                data-testid="error-rates"
              />
            </ConsolePanel>
          </div>
        </>
      )}
    </ConsolePage>
  );
}
