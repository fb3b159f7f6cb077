import { Alert, Spin } from 'antd';
import { useMemo } from 'react';
import { useEChart } from '../../../features/charts/use-echart.ts';

/**
 * A small line chart drawn by ECharts. The library (some 300 KB) is imported only when a chart is
 * first shown (features/charts), so it stays out of the shell's chunk.
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
  /** Shown when the chart library cannot be loaded (offline build, blocked chunk). */
  failedText: string;
}

export function LiveChart({ labels, series, format, max, height = 220, failedText }: LiveChartProps) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 64, right: 16, top: 32, bottom: 24 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '–'),
      },
      xAxis: { type: 'category', boundaryGap: false, data: labels },
      yAxis: {
        type: 'value',
        min: 0,
        ...(max === undefined ? {} : { max }),
        axisLabel: { formatter: format },
      },
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        data: s.data,
      })),
    }),
    [labels, series, format, max],
  );
  const { box, state } = useEChart(option);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} style={{ height, width: '100%' }} />
      {state === 'loading' && <Spin style={{ position: 'absolute', left: '50%', top: '45%' }} />}
      {state === 'failed' && <Alert type="warning" title={failedText} showIcon />}
    </div>
  );
}
