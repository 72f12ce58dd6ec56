'use client';
import type { ReactNode } from 'react';

export type SideTab = 'inspector' | 'json' | 'problems' | 'control';

/** Tabs of the editor's side panel (ARIA tabs: arrow keys move between them). */
export function SideTabs({ tab, onTab, problems, hideJson }: { tab: SideTab; onTab(t: SideTab): void; problems: { errors: number; warnings: number }; hideJson: boolean }) {
  const tabs: Array<{ id: SideTab; label: ReactNode }> = [
    { id: 'inspector', label: 'Inspector' },
    ...(hideJson ? [] : [{ id: 'json' as const, label: 'JSON' }]),
    {
      id: 'problems',
      label: (
        <>
          Problems
          {problems.errors > 0 && <span className="ml-1 rounded-full bg-red-600 px-1.5 text-[10px] text-white">{problems.errors}</span>}
          {problems.warnings > 0 && <span className="ml-1 rounded-full bg-amber-500 px-1.5 text-[10px] text-white">{problems.warnings}</span>}
        </>
      ),
    },
    { id: 'control', label: 'Control plane' },
  ];
  return (
    <div role="tablist" aria-label="Side panel" className="flex border-b border-slate-200 bg-slate-50 px-2">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`side-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`side-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onTab(t.id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (d) onTab(tabs[(i + d + tabs.length) % tabs.length]!.id);
          }}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
