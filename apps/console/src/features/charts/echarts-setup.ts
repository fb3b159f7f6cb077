/**
 * The parts of ECharts the lazily drawn charts use (the dashboard's trends, the status page's live
 * charts), registered once. Imported dynamically by use-echart.ts, so the bundler puts only these
 * (tree-shaken) in a chunk of their own, loaded with the first chart shown.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
