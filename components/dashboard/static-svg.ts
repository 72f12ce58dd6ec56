import { chartHeight, chartOption } from './chart-option';
import { echarts } from './echarts-setup';
import type { ChartSpec } from './figure';

/**
 * A chart drawn once as an SVG document (ECharts' server-side rendering, which needs no DOM): the
 * print view inlines it and the PNG export rasterises it. Drawn at a fixed `width` with a viewBox,
 * so it scales to the page it is printed on; the height is the chart's own (chartHeight).
 */
export function chartSvg(spec: ChartSpec, width: number): { svg: string; width: number; height: number } {
  const height = chartHeight(spec);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(chartOption(spec));
    return { svg: chart.renderToSVGString({ useViewBox: true }), width, height };
  } finally {
    chart.dispose();
  }
}
