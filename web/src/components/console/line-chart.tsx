import { ChartFrame, type ChartSeries } from './chart-frame.tsx';
import { seriesColors } from './chart-scale.ts';

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
  return (
    <ChartFrame label={label} labels={labels} series={series} format={format} height={height} padding={PAD} data-testid={rest['data-testid']}>
      {({ innerW, y, every }) => {
        const x = (i: number) => PAD.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
        return (
          <>
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
          </>
        );
      }}
    </ChartFrame>
  );
}
