import Link from 'next/link';

export type SettingsTab = { id: string; label: string };

/** Section links for Settings; each tab is a URL (`?tab=`), so it can be bookmarked and works without scripts. */
export function SettingsTabs({ tabs, current }: { tabs: SettingsTab[]; current: string }) {
  return (
    <nav aria-label="Settings sections" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((t) => {
          const active = t.id === current;
          const tone = active
            ? 'border-indigo-600 font-medium text-indigo-700'
            : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900';
          return (
            <li key={t.id}>
              <Link
                href={`/settings?tab=${t.id}`}
                aria-current={active ? 'page' : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm ${tone}`}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
