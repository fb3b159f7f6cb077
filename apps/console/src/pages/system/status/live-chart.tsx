import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * A small line chart drawn by ECharts. The library (some 300 KB) is imported only when a chart is
 * first shown, so it stays in this page's lazy chunk and never in the shell's.
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

type ECharts = import('echarts/core').EChartsType;

let loader: Promise<typeof import('./echarts-setup.ts')> | null = null;

function loadEcharts() {
  loader ??= import('./echarts-setup.ts');
  return loader;
}

export function LiveChart({ labels, series, format, max, height = 220, failedText }: LiveChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadEcharts()
      .then((echarts) => {
        if (disposed || !box.current) return;
        chart.current = echarts.init(box.current);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setState('ready');
      })
      .catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (state !== 'ready' || !chart.current) return;
    chart.current.setOption(
      {
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
      },
      { notMerge: true },
    );
  }, [state, labels, series, format, max]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} style={{ height, width: '100%' }} />
      {state === 'loading' && <Spin style={{ position: 'absolute', left: '50%', top: '45%' }} />}
      {state === 'failed' && <Alert type="warning" title={failedText} showIcon />}
    </div>
  );
}
