import { seriesColors, type SeriesColor } from './chart-scale.ts';

interface RankItem {
  label: string;
  value: number;
  /** Shown after the value (a share, a count beside a rate). */
  note?: string;
}

export interface RankBarsProps {
  label: string;
  items: readonly RankItem[];
  format?(value: number): string;
  /** The value a full bar stands for; the largest item by default (1 for rates). */
  max?: number;
  color?: SeriesColor;
  empty: string;
  'data-testid'?: string;
}

/** A ranking drawn as horizontal bars (top models, top keys, error rates): a list, so it reads in order. */
export function RankBars({ label, items, format = (v) => v.toLocaleString(), max, color = 'emerald', empty, ...rest }: RankBarsProps) {
  const full = max ?? Math.max(0, ...items.map((i) => i.value));
  if (items.length === 0) return <p className="py-6 text-center text-sm text-neutral-500 dark:text-neutral-400">{empty}</p>;
  return (
    <ol aria-label={label} className="space-y-2.5" data-testid={rest['data-testid']}>
      {items.map((item) => (
        <li key={item.label} className="text-sm">
          <div className="mb-1 flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate text-neutral-800 dark:text-neutral-100">{item.label}</span>
            <span className="shrink-0 tabular-nums text-neutral-600 dark:text-neutral-300">
              {format(item.value)}
              {item.note ? <span className="ml-1.5 text-xs text-neutral-500 dark:text-neutral-400">{item.note}</span> : null}
            </span>
          </div>
          <div aria-hidden className="h-2 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
            <div className={`h-full rounded-full ${seriesColors[color].swatch}`} style={{ width: `${full > 0 ? Math.max(1.5, (item.value / full) * 100) : 0}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
