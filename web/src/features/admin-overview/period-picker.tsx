import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import type { OverviewDays } from './overview-api.ts';

const periods: OverviewDays[] = [1, 7, 30];

/** Today, the last 7 days or the last 30: a group of toggle buttons. */
export function PeriodPicker({ value, onChange }: { value: OverviewDays; onChange(days: OverviewDays): void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('admin:overview.period')} className="inline-flex rounded-xl border border-neutral-200 bg-white p-1 dark:border-neutral-800 dark:bg-neutral-900">
      {periods.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          data-testid={`overview-period-${days}`}
          className={cn(
            'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60',
            value === days ? 'bg-emerald-700 text-white' : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
          )}
        >
          {days === 1 ? t('admin:overview.today') : t('admin:overview.last_days', { days })}
        </button>
      ))}
    </div>
  );
}
