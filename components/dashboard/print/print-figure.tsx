'use client';
import { useMemo } from 'react';
import { DataTable } from '../data-table';
import type { Figure } from '../figure';
import type { FigureContext } from '../figure-card';
import { chartSvg } from '../static-svg';
import { smallMultiples } from './small-multiples';

/** The width charts are drawn at for A4 portrait (186 mm of content at 96 px per inch). */
const PRINT_WIDTH = 700;

/**
 * A figure on paper: title and caption, the chart as inline SVG (vector in the PDF; ECharts
 * escapes the data's text in it) — many lines read against one as small multiples, two to a row
 * (small-multiples.ts) — then its table in full: on paper there is no table toggle.
 */
export function PrintFigure({ figure, context }: { figure: Figure; context: FigureContext }) {
  const multiples = useMemo(
    () => smallMultiples(figure.chart)?.map((m) => ({ name: m.name, svg: chartSvg(m.chart, PRINT_WIDTH / 2).svg })) ?? null,
    [figure.chart],
  );
  const svg = useMemo(() => (figure.chart && !multiples ? chartSvg(figure.chart, PRINT_WIDTH).svg : null), [figure.chart, multiples]);
  return (
    <figure className="space-y-2 break-inside-avoid-page" data-testid="print-figure" data-figure-id={figure.id}>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{figure.title}</h3>
        <figcaption className="text-xs text-slate-600">{figure.caption}</figcaption>
      </div>
      {figure.table.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{figure.empty ?? 'Nothing to show.'}</p>
      ) : (
        <>
          {multiples ? (
            <div className="grid grid-cols-2 gap-x-4 gap-y-2" data-testid="print-small-multiples">
              {multiples.map((m) => (
                <div key={m.name} className="break-inside-avoid">
                  <p className="text-xs font-medium text-slate-800">{m.name}</p>
                  <div
                    role="img"
                    aria-label={`${figure.title}: ${m.name}, ${context.about}`}
                    className="[&>svg]:h-auto [&>svg]:w-full"
                    dangerouslySetInnerHTML={{ __html: m.svg }}
                    data-testid="print-chart"
                  />
                </div>
              ))}
            </div>
          ) : svg ? (
            <div
              role="img"
              aria-label={`${figure.title}, ${context.about}`}
              className="break-inside-avoid [&>svg]:h-auto [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: svg }}
              data-testid="print-chart"
            />
          ) : (
            figure.empty && <p className="text-sm text-slate-600">{figure.empty}</p>
          )}
          <DataTable table={figure.table} caption={`${figure.title}, ${context.about}`} linkLabel={context.linkLabel} />
        </>
      )}
    </figure>
  );
}
