import { SvgChart } from '../../features/charts/svg-chart.tsx';
import type { TrendData } from './trend-options.ts';

/**
 * One trend chart of the dashboard, drawn as SVG with the page (features/charts/svg-chart.tsx):
 * no chart library to load, so it shows with the figures above it (issue 18).
 */
export function TrendChart({
  option,
  height = 240,
  label,
}: {
  option: TrendData;
  height?: number;
  /** What the chart shows, for assistive technology. */
  label: string;
}) {
  return (
    <div className="dash-chart" style={{ height }}>
      <SvgChart {...option} height={height} label={label} />
    </div>
  );
}
