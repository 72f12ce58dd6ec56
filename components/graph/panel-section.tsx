import type { ReactNode } from 'react';

/** A titled part of the side panel (h3 under the panel's h2). */
export function PanelSection({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="border-t border-slate-100 pt-3" data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
