import { useId } from 'react';
import { ChartDataTable } from './chart-data-table.tsx';
import { ChartLegend, type ChartSeries } from './line-chart.tsx';
import { niceTicks, seriesColors } from './chart-scale.ts';
import { useWidth } from './use-width.ts';

export interface BarChartProps {
  label: string;
  labels: readonly string[];
  /** One series, or several drawn side by side per label. */
  series: readonly ChartSeries[];
  format?(value: number): string;
  height?: number;
  /** The values are whole units (calls, quota): every tick is a whole number too. */
  integers?: boolean;
  'data-testid'?: string;
}

const PAD = { top: 12, right: 8, bottom: 26, left: 52 };

/** A hand-drawn SVG column chart (values by day): tooltips on every bar, a table for screen readers. */
export function BarChart({ label, labels, series, format = (v) => v.toLocaleString(), height = 220, integers = false, ...rest }: BarChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)), 4, integers);
  const top = ticks[ticks.length - 1]!;
  const innerW = Math.max(1, width - PAD.left - PAD.right);
  const innerH = height - PAD.top - PAD.bottom;
  const band = innerW / Math.max(1, labels.length);
  const barW = Math.max(1, (band * 0.7) / Math.max(1, series.length));
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
          {labels.map((text, i) => (
            <g key={text}>
              {series.map((s, j) => {
                const v = s.values[i] ?? 0;
                const x = PAD.left + i * band + (band - barW * series.length) / 2 + j * barW;
                return (
                  <rect key={s.name} x={x} y={y(v)} width={barW} height={Math.max(0, y(0) - y(v))} rx={Math.min(3, barW / 3)} className={seriesColors[s.color].fill}>
                    <title>{`${text} · ${s.name}: ${format(v)}`}</title>
                  </rect>
                );
              })}
              {i === labels.length - 1 || (i % every === 0 && labels.length - 1 - i >= every) ? (
                // The last label ends at the last band's edge, so a narrow chart does not cut it off; a label just before it gives way.
                <text
                  x={i === labels.length - 1 && labels.length > 1 ? PAD.left + (i + 1) * band : PAD.left + i * band + band / 2}
                  y={height - 6}
                  textAnchor={i === labels.length - 1 && labels.length > 1 ? 'end' : 'middle'}
                  className="fill-neutral-500 text-[11px] dark:fill-neutral-400"
                >
                  {text}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </div>
      {series.length > 1 ? <ChartLegend series={series} /> : null}
      <ChartDataTable caption={label} labels={labels} series={series.map((s) => ({ name: s.name, values: s.values.map(format) }))} />
    </figure>
  );
}
