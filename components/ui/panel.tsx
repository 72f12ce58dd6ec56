import type { ReactNode } from 'react';

/** A titled white card. `headingLevel` keeps the document outline right where panels nest. */
export function Panel({
  title,
  headingLevel = 2,
  actions,
  children,
  className = '',
  id,
}: {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      aria-labelledby={id && title ? `${id}-title` : undefined}
      className={`rounded-xl border border-slate-200 bg-white ${className}`}
    >
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          {title && (
            <Heading id={id ? `${id}-title` : undefined} className="text-sm font-semibold text-slate-900">
              {title}
            </Heading>
          )}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}
