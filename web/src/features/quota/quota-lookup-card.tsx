import { Coins, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import type { QuotaLookup } from './use-quota-lookup.ts';

/** SPEC point 4: the quota lookup: 尚未查询 before one, 正在查询... while it runs, then the value. */
export function QuotaLookupCard({ lookup, canLookUp }: { lookup: QuotaLookup; canLookUp: boolean }) {
  const { t, i18n } = useTranslation();
  const text =
    lookup.state === 'done' && lookup.usage !== undefined
      ? new Intl.NumberFormat(i18n.language).format(lookup.usage)
      : lookup.state === 'loading'
        ? t('quota.lookup.loading')
        : t('quota.lookup.idle');
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-emerald-50 to-teal-50 px-5 py-4 dark:from-emerald-950/50 dark:to-teal-950/30">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-emerald-600 shadow-sm dark:bg-neutral-900 dark:text-emerald-400">
        <Coins aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-emerald-800/70 dark:text-emerald-200/70">{t('quota.lookup.label')}</p>
        <p
          className={cn(
            'truncate font-semibold text-neutral-900 dark:text-neutral-50',
            lookup.state === 'done' ? 'text-2xl tabular-nums' : 'text-base text-neutral-600 dark:text-neutral-300',
          )}
          data-testid="quota-value"
          data-state={lookup.state}
          aria-live="polite"
        >
          {text}
        </p>
      </div>
      <button
        type="button"
        onClick={lookup.refresh}
        disabled={!canLookUp || lookup.state === 'loading'}
        data-testid="quota-lookup"
        className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-emerald-700 transition-colors hover:bg-white/70 disabled:cursor-not-allowed disabled:opacity-50 dark:text-emerald-300 dark:hover:bg-neutral-900/50"
      >
        <RefreshCw aria-hidden className={cn('size-4', lookup.state === 'loading' && 'animate-spin')} />
        {t('quota.lookup.action')}
      </button>
    </div>
  );
}
