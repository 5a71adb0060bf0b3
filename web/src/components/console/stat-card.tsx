import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: string;
  /** A second line: the period, a comparison, a unit. */
  hint?: string;
  icon?: ReactNode;
  tone?: 'default' | 'good' | 'bad';
  'data-testid'?: string;
}

const tones = {
  default: 'text-neutral-900 dark:text-neutral-50',
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-600 dark:text-red-400',
};

/** One headline figure of the console (calls today, revenue, active streams). */
export function StatCard({ label, value, hint, icon, tone = 'default', ...rest }: StatCardProps) {
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs dark:border-neutral-800 dark:bg-neutral-900" data-testid={rest['data-testid']}>
      <div className="flex items-center justify-between gap-2 text-xs font-medium uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
        <span className="truncate">{label}</span>
        {icon ? <span aria-hidden className="text-neutral-400 dark:text-neutral-500">{icon}</span> : null}
      </div>
      <div className={`mt-2 truncate text-2xl font-semibold tabular-nums ${tones[tone]}`}>{value}</div>
      {hint ? <div className="mt-1 truncate text-xs text-neutral-500 dark:text-neutral-400">{hint}</div> : null}
    </div>
  );
}
