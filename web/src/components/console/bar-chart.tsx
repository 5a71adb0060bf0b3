import { ChartFrame, type ChartSeries } from './chart-frame.tsx';
import { seriesColors } from './chart-scale.ts';

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
  return (
    <ChartFrame label={label} labels={labels} series={series} format={format} height={height} padding={PAD} integers={integers} data-testid={rest['data-testid']}>
      {({ innerW, y, every }) => {
        const band = innerW / Math.max(1, labels.length);
        const barW = Math.max(1, (band * 0.7) / Math.max(1, series.length));
        return labels.map((text, i) => (
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
        ));
      }}
    </ChartFrame>
  );
}
