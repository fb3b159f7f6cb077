import { theme } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { chartScale, linePath } from './svg-scale.ts';

/**
 * A small bar or line chart drawn as SVG by React: the dashboard's trends and the status page's
 * live charts, a handful of series over a few dozen points, need no more. ECharts (some 150 KB
 * gzipped even tree-shaken) stays for the charts whose features it serves (terminal statistics,
 * calls per day); docs/performance.md, issue 18. Each category's hover area carries a native
 * tooltip with its values, and the chart as a whole a label for assistive technology.
 */

export interface SvgSeries {
  name: string;
  /** Defaults to the palette's colour of its place. */
  color?: string;
  /** One value per label; null: no value (a gap in a line, no bar). */
  data: readonly (number | null)[];
}

export interface SvgChartProps {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly SvgSeries[];
  /** Bars of a category stacked rather than side by side. */
  stacked?: boolean;
  /** Upper bound of the y axis (100 for percentages); from the data when omitted. */
  max?: number;
  /** Formats a value for the axis and the tooltip. */
  format?: (value: number) => string;
  /** Said in the tooltip for a missing value. */
  missingText?: string;
  height: number;
  /** What the chart shows, for assistive technology. */
  label?: string;
}

/** ECharts' default palette, so that series keep the colours they had. */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];
const LEGEND = 24;
const X_AXIS = 20;
const FALLBACK_WIDTH = 600;

export function SvgChart({
  kind,
  labels,
  series,
  stacked = false,
  max,
  format = String,
  missingText = '–',
  height,
  label,
}: SvgChartProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);

  // Drawn at the box's width (text stays its size, unlike a stretched viewBox), again on resize.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const colors = series.map((s, i) => s.color ?? PALETTE[i % PALETTE.length]!);
  const scale = chartScale(series, labels.length, stacked && kind === 'bar', max);
  const tickTexts = scale.ticks.map(format);
  const left = Math.max(...tickTexts.map((t) => t.length), 1) * 7 + 12;
  const plotW = Math.max(width - left - 8, 10);
  const plotH = Math.max(height - LEGEND - X_AXIS, 10);
  const y = (v: number) => LEGEND + plotH - (v / scale.top) * plotH;
  const band = plotW / Math.max(labels.length, 1);
  // Lines run edge to edge (a time axis), bars sit in the middle of their band.
  const x = (i: number) =>
    kind === 'line'
      ? left + (labels.length > 1 ? (i * plotW) / (labels.length - 1) : plotW / 2)
      : left + band * (i + 0.5);
  const labelEvery = Math.max(1, Math.ceil((labels.length * 48) / plotW));
  const text = { fill: token.colorTextSecondary, fontSize: 12 };
  // Labels may repeat (times of day): a label is known by its place.
  const points = labels.map((name, at) => ({ text: name, at }));

  return (
    <div ref={box} style={{ width: '100%', height }}>
      <svg width={width} height={height} role="img" aria-label={label} className="svg-chart">
        <g className="svg-chart__legend">
          {series.map((s, i) => {
            const at = left + i * 140;
            return (
              <g key={s.name} transform={`translate(${at},4)`}>
                <rect width={14} height={10} y={2} rx={2} fill={colors[i]} />
                <text x={18} y={11} {...text} fill={token.colorText}>
                  {s.name}
                </text>
              </g>
            );
          })}
        </g>
        {scale.ticks.map((tick, i) => (
          <g key={tick}>
            <line x1={left} x2={left + plotW} y1={y(tick)} y2={y(tick)} stroke={token.colorSplit} />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" {...text}>
              {tickTexts[i]}
            </text>
          </g>
        ))}
        {points.map(({ text: l, at: i }) =>
          i % labelEvery === 0 ? (
            <text key={i} x={x(i)} y={height - 4} textAnchor="middle" {...text}>
              {l}
            </text>
          ) : null,
        )}
        {kind === 'bar' ? (
          <Bars series={series} colors={colors} stacked={stacked} x={x} y={y} band={band} />
        ) : (
          series.map((s, i) => (
            <path
              key={s.name}
              className="svg-chart__line"
              d={linePath(s.data, x, y)}
              fill="none"
              stroke={colors[i]}
              strokeWidth={2}
            />
          ))
        )}
        {points.map(({ text: l, at: i }) => (
          <rect
            key={i}
            className="svg-chart__hover"
            x={left + (kind === 'line' ? x(i) - left - band / 2 : band * i)}
            y={LEGEND}
            width={band}
            height={plotH}
            fill="transparent"
          >
            <title>
              {[l, ...series.map((s) => `${s.name}: ${valueText(s.data[i], format, missingText)}`)].join(
                '\n',
              )}
            </title>
          </rect>
        ))}
      </svg>
    </div>
  );
}

const valueText = (v: number | null | undefined, format: (v: number) => string, missing: string) =>
  typeof v === 'number' ? format(v) : missing;

function Bars({
  series,
  colors,
  stacked,
  x,
  y,
  band,
}: {
  series: readonly SvgSeries[];
  colors: readonly string[];
  stacked: boolean;
  x: (i: number) => number;
  y: (v: number) => number;
  band: number;
}) {
  const groups = stacked ? 1 : series.length;
  const barW = Math.min(28, (band * 0.6) / groups);
  const base: number[] = [];
  return (
    <g className="svg-chart__bars">
      {series.flatMap((s, si) =>
        s.data.map((v, i) => {
          if (typeof v !== 'number' || v <= 0) return null;
          const from = stacked ? (base[i] ?? 0) : 0;
          if (stacked) base[i] = from + v;
          const left = x(i) - (barW * groups) / 2 + (stacked ? 0 : si * barW);
          return (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: a bar is its series' value at a place
              key={`${s.name}-${i}`}
              data-series={s.name}
              data-value={v}
              x={left}
              y={y(from + v)}
              width={barW}
              height={Math.max(y(from) - y(from + v), 1)}
              fill={colors[si]}
            />
          );
        }),
      )}
    </g>
  );
}
