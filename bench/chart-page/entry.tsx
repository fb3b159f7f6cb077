/**
 * The dashboard's calls trend (7 days, three stacked series) drawn two ways, for
 * bench/chart-draw.ts: by the console's SVG chart, and by a tree-shaken ECharts core (bar and
 * line charts, grid, tooltip, legend, canvas: what the dashboard and status charts loaded before
 * issue 18). Each draw is timed from its start until the page is laid out again.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SvgChart } from '../../apps/console/src/features/charts/svg-chart.tsx';
import type {} from './chart-bench-api.ts';

let echarts: typeof import('./echarts-part.ts') | undefined;

const labels = ['11-20', '11-21', '11-22', '11-23', '11-24', '11-25', '11-26'];
const series = [
  { name: 'Answered', color: '#52c41a', data: [12, 30, 22, 18, 40, 35, 28] },
  { name: 'Not answered', color: '#faad14', data: [3, 5, 2, 8, 4, 6, 1] },
  { name: 'Other', color: '#bfbfbf', data: [0, 1, 0, 2, 0, 1, 0] },
];

const box = document.getElementById('chart')!;

function timed(draw: () => void): number {
  const start = performance.now();
  draw();
  void box.offsetHeight;
  return performance.now() - start;
}

window.chartBench = {
  svg: () => {
    const root = createRoot(box);
    const ms = timed(() =>
      flushSync(() =>
        root.render(<SvgChart kind="bar" stacked labels={labels} series={series} height={240} />),
      ),
    );
    root.unmount();
    return ms;
  },
  /** The library's chunk fetched (from 127.0.0.1), parsed and run: once per page. */
  loadEcharts: async () => {
    const start = performance.now();
    echarts = await import('./echarts-part.ts');
    return performance.now() - start;
  },
  echarts: () => {
    const lib = echarts!;
    const ms = timed(() => {
      const chart = lib.init(box);
      chart.setOption({
        animation: false,
        grid: { left: 8, right: 8, top: 32, bottom: 4, containLabel: true },
        legend: { top: 0 },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value', minInterval: 1, min: 0 },
        series: series.map((s) => ({
          name: s.name,
          type: 'bar',
          stack: 'calls',
          barMaxWidth: 28,
          itemStyle: { color: s.color },
          data: s.data,
        })),
      });
    });
    // Disposed outside the timing, as a page leaving would.
    lib.getInstanceByDom(box)?.dispose();
    return ms;
  },
};
