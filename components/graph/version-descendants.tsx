'use client';
import { formatTime } from './format';
import { useGraphSelection } from './graph-selection';
import type { LineageNode } from './types';

/** Spec §3.5: every workflow version that inherits from this one (the blast radius of a change). */
export function VersionDescendants({ descendants }: { descendants: readonly LineageNode[] }) {
  const { selectVersion } = useGraphSelection();
  if (descendants.length === 0) return <p className="text-sm text-slate-500">No workflow inherits from this version.</p>;
  return (
    <ul className="space-y-1" data-testid="version-descendants">
      {descendants.map((d) => (
        <li key={`${d.workflow_id}@${d.version}`} className="flex flex-wrap items-baseline justify-between gap-x-2">
          <button
            type="button"
            onClick={() => selectVersion({ workflowId: d.workflow_id, version: d.version })}
            className="text-left text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {d.name} <span className="font-mono text-xs text-slate-500">v{d.version}</span>
          </button>
          <span className="text-xs text-slate-500">saved {formatTime(d.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}
