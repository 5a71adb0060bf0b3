import { useId, type ReactNode } from 'react';
import { ChartDataTable } from './chart-data-table.tsx';
import { niceTicks, seriesColors, type SeriesColor } from './chart-scale.ts';
import { useWidth } from './use-width.ts';

export interface ChartSeries {
  name: string;
  values: readonly number[];
  color: SeriesColor;
}

/** Room around the plot for the value axis (left) and the day labels (bottom). */
interface ChartPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where the marks go: the plot's inner width, the value scale, and how often a day label fits. */
interface ChartPlot {
  innerW: number;
  y(value: number): number;
  /** Every how many labels one is drawn, about one per 64 px. */
  every: number;
}

interface ChartFrameProps {
  /** What the chart shows, read by screen readers and shown as the data table's caption. */
  label: string;
  /** One label per point on the x axis (days). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  format(value: number): string;
  height: number;
  padding: ChartPadding;
  /** The values are whole units (calls, quota): every tick is a whole number too. */
  integers?: boolean;
  'data-testid'?: string;
  /** The chart's own marks (bars, lines) and day labels. */
  children(plot: ChartPlot): ReactNode;
}

/**
 * What the hand-drawn SVG charts share: the width they are given, the value axis with its grid
 * and ticks, the legend of several series, and the numbers as a table for screen readers.
 */
export function ChartFrame({ label, labels, series, format, height, padding, integers = false, children, ...rest }: ChartFrameProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)), 4, integers);
  const top = ticks[ticks.length - 1]!;
  const innerW = Math.max(1, width - padding.left - padding.right);
  const innerH = height - padding.top - padding.bottom;
  const y = (v: number) => padding.top + innerH - (top === 0 ? 0 : (v / top) * innerH);
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(innerW / 64))));

  return (
    <figure className="w-full min-w-0" data-testid={rest['data-testid']}>
      <div ref={ref} className="w-full min-w-0 overflow-hidden">
        <svg role="img" aria-labelledby={titleId} width={width} height={height} className="block overflow-visible">
          <title id={titleId}>{label}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={padding.left} x2={width - padding.right} y1={y(tick)} y2={y(tick)} className="stroke-neutral-200 dark:stroke-neutral-800" />
              <text x={padding.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-neutral-500 text-[11px] dark:fill-neutral-400">
                {format(tick)}
              </text>
            </g>
          ))}
          {children({ innerW, y, every })}
        </svg>
      </div>
      {series.length > 1 ? <ChartLegend series={series} /> : null}
      <ChartDataTable caption={label} labels={labels} series={series.map((s) => ({ name: s.name, values: s.values.map(format) }))} />
    </figure>
  );
}

/** The colour key under a chart of several series. */
function ChartLegend({ series }: { series: readonly Pick<ChartSeries, 'name' | 'color'>[] }) {
  return (
    <figcaption aria-hidden className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-600 dark:text-neutral-400">
      {series.map((s) => (
        <span key={s.name} className="inline-flex items-center gap-1.5">
          <span className={`inline-block size-2.5 rounded-full ${seriesColors[s.color].swatch}`} />
          {s.name}
        </span>
      ))}
    </figcaption>
  );
}
