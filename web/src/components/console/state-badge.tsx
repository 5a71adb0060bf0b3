import { cn } from '../ui/cn.ts';

export type BadgeTone = 'green' | 'amber' | 'red' | 'grey' | 'sky';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  grey: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
  sky: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
};

/** A row's state as a small coloured pill (active, revoked, paid, refunded…). */
export function StateBadge({ tone, label, ...rest }: { tone: BadgeTone; label: string; 'data-testid'?: string }) {
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])} data-testid={rest['data-testid']}>{label}</span>;
}
