import { useId } from 'react';
import { ChartDataTable } from './chart-data-table.tsx';
import { niceTicks, seriesColors, type SeriesColor } from './chart-scale.ts';
import { useWidth } from './use-width.ts';

export interface ChartSeries {
  name: string;
  values: readonly number[];
  color: SeriesColor;
}

export interface LineChartProps {
  /** What the chart shows, read by screen readers and shown as the data table's caption. */
  label: string;
  /** One label per point on the x axis (days). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  format?(value: number): string;
  height?: number;
  'data-testid'?: string;
}

const PAD = { top: 12, right: 12, bottom: 26, left: 48 };

/** A hand-drawn SVG line chart: every point has a tooltip, and its numbers are a table for screen readers. */
export function LineChart({ label, labels, series, format = (v) => v.toLocaleString(), height = 220, ...rest }: LineChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const innerW = Math.max(1, width - PAD.left - PAD.right);
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => PAD.top + innerH - (top === 0 ? 0 : (v / top) * innerH);
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(innerW / 64))));

  return (
    <figure className="w-full min-w-0" data-testid={rest['data-testid']}>
      <div ref={ref} className="w-full min-w-0 overflow-hidden">
        <svg role="img" aria-labelledby={titleId} width={width} height={height} className="block overflow-visible">
          <title id={titleId}>{label}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-neutral-200 dark:stroke-neutral-800" />
              <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-neutral-500 text-[11px] dark:fill-neutral-400">
                {format(tick)}
              </text>
            </g>
          ))}
          {labels.map((text, i) =>
            i % every === 0 || i === labels.length - 1 ? (
              <text key={text} x={x(i)} y={height - 6} textAnchor="middle" className="fill-neutral-500 text-[11px] dark:fill-neutral-400">
                {text}
              </text>
            ) : null,
          )}
          {series.map((s) => (
            <g key={s.name}>
              <polyline
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                className={seriesColors[s.color].stroke}
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              />
              {s.values.map((v, i) => (
                <circle key={labels[i]} cx={x(i)} cy={y(v)} r={labels.length > 40 ? 1.5 : 3} className={seriesColors[s.color].fill}>
                  <title>{`${labels[i]} · ${s.name}: ${format(v)}`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
      </div>
      {series.length > 1 ? <ChartLegend series={series} /> : null}
      <ChartDataTable caption={label} labels={labels} series={series.map((s) => ({ name: s.name, values: s.values.map(format) }))} />
    </figure>
  );
}

/** The colour key under a chart of several series. */
export function ChartLegend({ series }: { series: readonly Pick<ChartSeries, 'name' | 'color'>[] }) {
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
