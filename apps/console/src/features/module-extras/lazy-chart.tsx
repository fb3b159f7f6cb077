import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

// ECharts (about 300 KB) loads with the first chart shown, not with the record page.
const EChart = lazy(() => import('../../pages/smart/echart.tsx').then((m) => ({ default: m.EChart })));

/** One ECharts chart, loaded on first use; a placeholder of its size until then. */
export function LazyChart({ option, height = 260 }: { option: EChartsCoreOption; height?: number }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} />
    </Suspense>
  );
}
