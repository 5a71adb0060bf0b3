/** A "nice" top for a value axis (1, 2, 2.5, 5 × 10ⁿ) and its evenly spaced ticks; with `whole`, whole-number steps only (counts). */
export function niceTicks(max: number, count = 4, whole = false): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const steps = [1, 2, 2.5, 5, 10].map((m) => m * power).filter((s) => !whole || (Number.isInteger(s) && s >= 1));
  const step = steps.find((s) => s >= rough) ?? Math.max(whole ? 1 : 0, 10 * power);
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 0.999; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks.length > 1 ? ticks : [0, step];
}

/** The chart colours, readable on white and on the dark theme. */
export const seriesColors = {
  emerald: { stroke: 'stroke-emerald-600 dark:stroke-emerald-400', fill: 'fill-emerald-600 dark:fill-emerald-400', swatch: 'bg-emerald-600 dark:bg-emerald-400' },
  sky: { stroke: 'stroke-sky-600 dark:stroke-sky-400', fill: 'fill-sky-600 dark:fill-sky-400', swatch: 'bg-sky-600 dark:bg-sky-400' },
  amber: { stroke: 'stroke-amber-500 dark:stroke-amber-400', fill: 'fill-amber-500 dark:fill-amber-400', swatch: 'bg-amber-500 dark:bg-amber-400' },
  rose: { stroke: 'stroke-rose-600 dark:stroke-rose-400', fill: 'fill-rose-600 dark:fill-rose-400', swatch: 'bg-rose-600 dark:bg-rose-400' },
} as const;
export type SeriesColor = keyof typeof seriesColors;
