/**
 * The parts of ECharts the status charts use, registered once. Imported dynamically by
 * live-chart.tsx, so the bundler puts only these (tree-shaken) in a chunk loaded with the charts.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
