'use client';
import { EmptyState } from '@/components/ui/states';
import { useGraphSelection } from './graph-selection';
import { SkillPanel } from './skill-panel';
import { VersionPanel } from './version-panel';

/** The details beside the lineage: the selected version or skill. */
export function SidePanel({ canChange }: { canChange: boolean }) {
  const { selection } = useGraphSelection();
  return (
    <aside
      aria-label="Details"
      className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-4 xl:sticky xl:top-6 xl:max-h-[calc(100vh-3rem)] xl:overflow-y-auto"
      data-testid="graph-side-panel"
    >
      {selection?.kind === 'version' ? (
        <VersionPanel key={`${selection.ref.workflowId}@${selection.ref.version}`} version={selection.ref} canChange={canChange} />
      ) : selection?.kind === 'skill' ? (
        <SkillPanel uri={selection.uri} />
      ) : (
        <EmptyState title="Nothing selected">
          Select a workflow version to see its runs, descendants and diff to its parent, or a skill chip to see where it is used and how
          reliable it is.
        </EmptyState>
      )}
    </aside>
  );
}
