'use client';
import type { ReactNode } from 'react';

/**
 * A row of ARIA tabs (arrow keys move between them, only the selected one is in the tab order).
 * Each tab controls the panel with id `<idPrefix>-panel-<id>`; the panel names itself by the tab
 * (`aria-labelledby="<idPrefix>-tab-<id>"`).
 */
export function TabList<T extends string>({
  tabs,
  tab,
  onTab,
  label,
  idPrefix,
  dense = false,
}: {
  tabs: ReadonlyArray<{ id: T; label: ReactNode }>;
  tab: T;
  onTab(t: T): void;
  label: string;
  idPrefix: string;
  /** Narrower tabs, for a side panel holding many: labels never wrap (a wrapped label resizes what is below). */
  dense?: boolean;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-slate-200 bg-slate-50 px-2">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`${idPrefix}-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onTab(t.id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!d) return;
            const next = tabs[(i + d + tabs.length) % tabs.length]!.id;
            onTab(next);
            // Focus follows the selection (WAI-ARIA tabs), so the next arrow key moves on from there.
            document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
          }}
          className={`-mb-px border-b-2 ${dense ? 'px-2' : 'px-3'} py-2 text-sm font-medium whitespace-nowrap ${
            tab === t.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
          }`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
