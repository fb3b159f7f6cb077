/**
 * The parts of ECharts the dashboard's trends use, registered once. Imported dynamically by
 * trend-chart.tsx, so the library comes in its own chunk after the figures are drawn.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
