'use client';
import type { ReactNode } from 'react';
import { TabList } from '@/components/ui/tab-list';

export type SideTab = 'inspector' | 'json' | 'problems' | 'control' | 'versions';

/**
 * The editor's side panel tabs: Inspector, JSON (unless it sits beside the canvas), Problems with
 * counts, Control plane, Versions.
 */
export function SideTabs({
  tab,
  onTab,
  problems,
  hideJson,
}: {
  tab: SideTab;
  onTab(t: SideTab): void;
  problems: { errors: number; warnings: number };
  hideJson: boolean;
}) {
  const tabs: Array<{ id: SideTab; label: ReactNode }> = [
    { id: 'inspector', label: 'Inspector' },
    ...(hideJson ? [] : [{ id: 'json' as const, label: 'JSON' }]),
    {
      id: 'problems',
      label: (
        <>
          Problems
          {problems.errors > 0 && <span className="ml-1 rounded-full bg-red-600 px-1.5 text-[10px] text-white">{problems.errors}</span>}
          {problems.warnings > 0 && (
            <span className="ml-1 rounded-full bg-amber-500 px-1.5 text-[10px] text-white">{problems.warnings}</span>
          )}
        </>
      ),
    },
    { id: 'control', label: 'Control plane' },
    { id: 'versions', label: 'Versions' },
  ];
  return <TabList tabs={tabs} tab={tab} onTab={onTab} label="Side panel" idPrefix="side" dense />;
}
