import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * One ECharts chart of the dashboard. The library is imported when a chart is first shown
 * (echarts-trends.ts), so it never delays the figures above it nor the shell's first paint.
 */

type ECharts = import('echarts/core').EChartsType;
type Option = import('echarts/core').EChartsCoreOption;

let loader: Promise<typeof import('./echarts-trends.ts')> | null = null;

function loadEcharts() {
  loader ??= import('./echarts-trends.ts').catch((err) => {
    loader = null; // a later chart may try again (a chunk blocked once)
    throw err;
  });
  return loader;
}

export function TrendChart({
  option,
  height = 240,
  failedText,
  label,
}: {
  option: Option;
  height?: number;
  failedText: string;
  /** What the chart shows, for assistive technology (the canvas itself says nothing). */
  label: string;
}) {
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
    if (state === 'ready') chart.current?.setOption(option, { notMerge: true });
  }, [state, option]);

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
