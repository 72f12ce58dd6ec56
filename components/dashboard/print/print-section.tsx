'use client';
import { useMemo, type ReactNode } from 'react';
import type { Figure } from '../figure';
import type { FigureContext } from '../figure-card';
import type { WidgetState } from '../use-dashboard-data';
import { PrintFigure } from './print-figure';

/**
 * One widget on paper: its heading and `what`, anything the section adds (headline figures, the
 * operations clock), then every figure. A widget that failed says so in place, in words.
 */
export function PrintSection<T extends { what: string }>({
  id,
  title,
  widget,
  figures,
  context,
  children,
}: {
  id: string;
  title: string;
  widget: WidgetState<T>;
  figures: (data: T) => Figure[];
  context: (data: T) => FigureContext;
  children?: (data: T) => ReactNode;
}) {
  const data = widget.state === 'ok' ? widget.data : null;
  // Figures (and their SVG) are redrawn when the widget's answer changes, not on every render.
  const drawn = useMemo(() => (data ? figures(data) : []), [data]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="space-y-4 border-t border-slate-300 pt-4"
      data-testid={`print-section-${id}`}
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 break-after-avoid">
          {title}
        </h2>
        {widget.state === 'ok' && <p className="text-xs text-slate-600">{widget.data.what}</p>}
      </div>
      {widget.state === 'loading' && <p className="text-sm text-slate-600">Loading…</p>}
      {widget.state === 'error' && (
        <p role="alert" className="text-sm text-red-800">
          These figures could not be loaded: {widget.error}
        </p>
      )}
      {data && (
        <>
          {children?.(data)}
          {drawn.map((f) => (
            <PrintFigure key={f.id} figure={f} context={context(data)} />
          ))}
        </>
      )}
    </section>
  );
}
