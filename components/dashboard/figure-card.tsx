'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { exportFileName, figureCsv } from './csv';
import { DataTable } from './data-table';
import { saveCsv, saveFile } from './download';
import { EChart } from './echart';
import type { Figure } from './figure';
import { chartPng } from './png-export';

/** What a figure is about beyond itself: its period and scope, for captions, file names and the PNG's title. */
export interface FigureContext {
  /** "15 Apr 2024 – 8 Jul 2024 · all teams, advisors and products". */
  about: string;
  period: { from: string; to: string } | null;
  /** What a row's link opens ("Open calls", "Open runs"). */
  linkLabel: string;
}

/**
 * One figure on the page: its title and caption, then the chart or, at the reader's choice, the
 * same rows as a table; the rows as CSV and the chart as PNG, both made in the browser from the
 * figure itself. Empty figures say why instead of drawing empty axes.
 */
export function FigureCard({ figure, context }: { figure: Figure; context: FigureContext }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [exportError, setExportError] = useState<string | null>(null);
  const hasRows = figure.table.rows.length > 0;
  const label = `${figure.title}, ${context.about}. ${figure.caption}`;
  const exportPng = async () => {
    if (!figure.chart) return;
    setExportError(null);
    try {
      saveFile(exportFileName(figure.id, context.period, 'png'), await chartPng(figure.chart, `${figure.title} · ${context.about}`));
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" data-testid="figure" data-figure-id={figure.id}>
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{figure.title}</h3>
          <figcaption className="mt-0.5 max-w-2xl text-xs text-slate-600">{figure.caption}</figcaption>
        </div>
        {hasRows && (
          <div className="flex shrink-0 items-center gap-1.5">
            <div
              role="group"
              aria-label={`Show ${figure.title} as`}
              className="inline-flex overflow-hidden rounded-md border border-slate-300"
            >
              {(['chart', 'table'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  data-testid={`figure-view-${v}`}
                  className={`px-2.5 py-1 text-xs font-medium ${view === v ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
                >
                  {v === 'chart' ? 'Chart' : 'Table'}
                </button>
              ))}
            </div>
            <Button
              className="px-2 py-1 text-xs"
              onClick={() => saveCsv(exportFileName(figure.id, context.period, 'csv'), figureCsv(figure))}
              aria-label={`Download ${figure.title} as CSV`}
              data-testid="figure-csv"
            >
              CSV
            </Button>
            <Button
              className="px-2 py-1 text-xs"
              onClick={() => void exportPng()}
              disabled={!figure.chart}
              aria-label={`Download the chart of ${figure.title} as PNG`}
              data-testid="figure-png"
            >
              PNG
            </Button>
          </div>
        )}
      </div>
      {exportError && (
        <p role="alert" className="mb-2 text-xs text-red-700">
          {exportError}
        </p>
      )}
      {!hasRows ? (
        <EmptyState title={figure.empty ?? 'Nothing to show.'} />
      ) : view === 'table' ? (
        <DataTable table={figure.table} caption={`${figure.title}, ${context.about}`} linkLabel={context.linkLabel} testId="figure-table" />
      ) : figure.chart ? (
        <EChart spec={figure.chart} label={label} testId="figure-chart" />
      ) : (
        <EmptyState title={figure.empty ?? 'Nothing to draw.'}>The table view lists what there is.</EmptyState>
      )}
    </figure>
  );
}
