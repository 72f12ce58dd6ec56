import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Apache ECharts with only what the dashboard draws (line, bar and heatmap charts, their grid,
 * legend, tooltip, reference line, colour bands and ARIA description) and only the SVG renderer:
 * charts stay vector in print and PDF, and the bundle carries no canvas renderer or unused charts.
 */
echarts.use([
  LineChart,
  BarChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkLineComponent,
  VisualMapComponent,
  AriaComponent,
  SVGRenderer,
]);

export { echarts };
