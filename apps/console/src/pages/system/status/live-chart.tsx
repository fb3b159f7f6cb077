import { SvgChart } from '../../../features/charts/svg-chart.tsx';

/**
 * A small line chart of the last minutes' samples, drawn as SVG with the page
 * (features/charts/svg-chart.tsx): no chart library to load before it shows (issue 18).
 */

export interface ChartSeries {
  name: string;
  data: (number | null)[];
}

export interface LiveChartProps {
  /** Labels of the x axis (times). */
  labels: string[];
  series: ChartSeries[];
  /** Formats a value for the axis and the tooltip. */
  format: (v: number) => string;
  /** Upper bound of the y axis (100 for percentages); automatic when omitted. */
  max?: number;
  height?: number;
  /** What the chart shows, for assistive technology. */
  label?: string;
}

export function LiveChart({ labels, series, format, max, height = 220, label }: LiveChartProps) {
  return (
    <SvgChart
      kind="line"
      labels={labels}
      series={series}
      format={format}
      max={max}
      height={height}
      label={label}
    />
  );
}
