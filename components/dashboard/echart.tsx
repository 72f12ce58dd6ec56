'use client';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { chartHeight, chartOption, pointHref } from './chart-option';
import { echarts } from './echarts-setup';
import type { ChartSpec } from './figure';

/**
 * A live Apache ECharts chart (SVG renderer) of one figure: it follows its box's width, shows
 * tooltips, and a click on a point opens where the point leads (the QA queue on its calls). The
 * chart is an image to assistive technology, named by `label` (the figure's title and caption);
 * the figure's table view carries the same data as a table.
 */
export function EChart({ spec, label, testId }: { spec: ChartSpec; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const router = useRouter();
  const open = useEffectEvent((seriesIndex: number, dataIndex: number) => {
    const href = pointHref(spec, seriesIndex, dataIndex);
    if (href) router.push(href);
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, null, { renderer: 'svg' });
    chart.current = c;
    c.on('click', (p) => open(p.seriesIndex ?? 0, p.dataIndex ?? 0));
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(spec, label), { notMerge: true });
    chart.current?.resize();
  }, [spec, label]);

  return <div ref={box} role="img" aria-label={label} style={{ height: chartHeight(spec) }} className="w-full" data-testid={testId} />;
}
