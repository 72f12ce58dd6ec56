'use client';

const TABS = [
  { id: 'graph', label: 'Graph' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'io', label: 'Input & output' },
  { id: 'events', label: 'Events' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The run view's tabs (ARIA tabs; arrow keys move between them). */
export function SideTabs({ tab, onTab }: { tab: Tab; onTab(t: Tab): void }) {
  return (
    <div role="tablist" aria-label="Run view" className="flex border-b border-slate-200 bg-slate-50 px-3">
      {TABS.map((t, i) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onTab(t.id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (d) onTab(TABS[(i + d + TABS.length) % TABS.length]!.id);
          }}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
