'use client';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { WidgetState } from './use-dashboard-data';

/**
 * One section of the dashboard (a widget): its heading, then its figures once they arrive, with
 * the widget's own `what` under the heading, so every figure is read with what it counts. Loading
 * and failures are the section's own: one widget failing leaves the others readable.
 */
export function WidgetSection<T extends { what: string }>({
  id,
  title,
  widget,
  children,
  lead,
}: {
  id: string;
  title: string;
  widget: WidgetState<T>;
  children: (data: T) => ReactNode;
  /** Shown under the heading before the widget's `what` (e.g. which clock the figures use). */
  lead?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 space-y-3"
      data-testid={`section-${id}`}
      aria-busy={widget.state === 'loading' || (widget.state === 'ok' && widget.updating)}
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-slate-900">
          {title}
        </h2>
        {lead}
        {widget.state === 'ok' && (
          <p className="mt-1 max-w-4xl text-xs text-slate-600" data-testid="widget-what">
            {widget.data.what}
          </p>
        )}
      </div>
      {widget.state === 'loading' ? (
        <LoadingState label={`Loading ${title.toLowerCase()}…`} />
      ) : widget.state === 'error' ? (
        <ErrorState title={`${title}: the figures could not be loaded`} message={widget.error} onRetry={widget.retry} />
      ) : (
        children(widget.data)
      )}
    </section>
  );
}
