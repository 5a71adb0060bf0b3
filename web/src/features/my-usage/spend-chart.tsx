import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/console/bar-chart.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ListState, UsageSection } from './usage-section.tsx';
import { myUsageApi } from './my-usage-api.ts';

const SPANS = [7, 30, 90] as const;

/** What the bars count: what the calls were charged (in the balance's unit), or the calls where nothing is charged. */
export type SpendMetric = 'quota' | 'credits' | 'calls';

/** Spend by day over the last 7, 30 or 90 days in the browser's time zone: bars, totals, and a table for screen readers. */
export function SpendChart({ metric }: { metric: SpendMetric }) {
  const { t, i18n } = useTranslation();
  const [span, setSpan] = useState<(typeof SPANS)[number]>(30);
  const daily = useQuery({ queryKey: ['my-usage', 'daily', span], queryFn: ({ signal }) => myUsageApi.daily(span, signal), refetchOnMount: 'always' });
  const number = new Intl.NumberFormat(i18n.language);
  const days = daily.data?.days ?? [];
  const values = days.map((d) => (metric === 'calls' ? d.calls : d.charged));
  const total = values.reduce((sum, v) => sum + v, 0);
  const calls = days.reduce((sum, d) => sum + d.calls, 0);
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const labels = days.map((d) => dayLabel.format(new Date(`${d.date}T00:00:00Z`)));
  const seriesName = t(`my_usage.metric.${metric}`);

  return (
    <UsageSection
      id="my-usage-chart"
      title={t('my_usage.chart_title')}
      actions={
        <div role="group" aria-label={t('my_usage.span_label')} className="inline-flex rounded-xl bg-neutral-100 p-0.5 dark:bg-neutral-800">
          {SPANS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={span === days}
              onClick={() => setSpan(days)}
              className={cn(
                'h-8 cursor-pointer rounded-lg px-3 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60',
                span === days ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-700 dark:text-neutral-50' : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-neutral-50',
              )}
              data-testid={`my-usage-span-${days}`}
            >
              {t('my_usage.span', { count: days })}
            </button>
          ))}
        </div>
      }
      data-testid="my-usage-chart"
    >
      <ListState pending={daily.isPending} error={daily.error} empty={calls === 0} emptyText={t('my_usage.chart_empty', { count: span })} data-testid="my-usage-chart-empty">
        <p className="mb-2 text-sm text-neutral-600 dark:text-neutral-300" data-testid="my-usage-chart-total">
          {t('my_usage.chart_total', { count: span, calls: number.format(calls), total: number.format(total), unit: seriesName })}
        </p>
        <BarChart
          label={t('my_usage.chart_label', { count: span, unit: seriesName })}
          labels={labels}
          series={[{ name: seriesName, color: 'emerald', values }]}
          format={(v) => number.format(v)}
          height={200}
          integers
          data-testid="my-usage-bars"
        />
      </ListState>
    </UsageSection>
  );
}
