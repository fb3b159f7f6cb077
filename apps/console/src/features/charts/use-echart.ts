import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type RefObject, useEffect, useRef, useState } from 'react';

/*
 * One ECharts chart in a box of the caller's: the library (some 300 KB) is imported when a chart
 * is first shown (echarts-setup.ts), so it never delays a page's figures nor the shell's first
 * paint. The chart is created once the library is there, resized with its box, given each new
 * option whole and disposed with the component.
 */

export type ChartState = 'loading' | 'ready' | 'failed';

let loader: Promise<typeof import('./echarts-setup.ts')> | null = null;

/** The registered library, imported once; a failed import is tried again by a later chart (a chunk blocked once). */
export function loadEcharts() {
  loader ??= import('./echarts-setup.ts').catch((err) => {
    loader = null;
    throw err;
  });
  return loader;
}

/** Draws `option` in the returned box; `state` says whether the library is still loading or failed to load. */
export function useEChart(option: EChartsCoreOption): {
  box: RefObject<HTMLDivElement | null>;
  state: ChartState;
} {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [state, setState] = useState<ChartState>('loading');

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

  return { box, state };
}
