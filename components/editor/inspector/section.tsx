'use client';
import type { ReactNode } from 'react';

/**
 * A collapsible group of fields (a native details element: keyboard and screen readers handle
 * it). Open at first; bringing a finding's field into view opens it again.
 */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <details open className="group border-b border-slate-200" data-testid={testId}>
      <summary
        className={
          'flex cursor-pointer list-none items-center justify-between px-3 py-2 text-xs font-semibold ' +
          'tracking-wide text-slate-500 uppercase select-none hover:bg-slate-50 focus-visible:outline-2 ' +
          'focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500'
        }
      >
        {title}
        <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="space-y-3 px-3 pt-1 pb-3">{children}</div>
    </details>
  );
}
