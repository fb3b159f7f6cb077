import { Alert, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEChart } from '../../features/charts/use-echart.ts';

/**
 * One ECharts chart of the dashboard. The library is imported when a chart is first shown
 * (features/charts), so it never delays the figures above it nor the shell's first paint.
 */
export function TrendChart({
  option,
  height = 240,
  failedText,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  failedText: string;
  /** What the chart shows, for assistive technology (the canvas itself says nothing). */
  label: string;
}) {
  const { box, state } = useEChart(option);

  return (
    <div className="dash-chart" style={{ height }} role="img" aria-label={label}>
      <div ref={box} style={{ height, width: '100%' }} />
      {state === 'loading' && <Spin className="dash-chart__spin" />}
      {state === 'failed' && (
        <Alert className="dash-chart__failed" type="warning" title={failedText} showIcon />
      )}
    </div>
  );
}
