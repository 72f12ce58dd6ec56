import { Badge } from '@/components/ui/badge';
import type { WorkflowChanges } from './workflow-changes';

const FIRST = 8;

/** Up to FIRST names, then "and N more". */
function names(list: readonly string[]): string {
  const shown = list.slice(0, FIRST).join(', ');
  return list.length > FIRST ? `${shown} and ${list.length - FIRST} more` : shown;
}

/**
 * What a version changes against another, in words: counts as badges, then the states added,
 * removed and changed (each changed state with its changed fields) and the workflow-level
 * fields that differ. Shared by the chat's workflow card and the editor's comparison banner.
 */
export function ChangesSummary({ changes, compact = false }: { changes: WorkflowChanges; compact?: boolean }) {
  if (changes.none) {
    return (
      <p className="text-xs text-slate-600" data-testid="changes-none">
        No change: the two versions are the same.
      </p>
    );
  }
  const changed = compact ? changes.changed.slice(0, FIRST) : changes.changed;
  return (
    <div className="space-y-1.5 text-xs" data-testid="changes-summary">
      <p className="flex flex-wrap gap-1.5">
        <Badge tone="ok">{changes.added.length} added</Badge>
        <Badge tone="bad">{changes.removed.length} removed</Badge>
        <Badge tone="warn">{changes.changed.length} changed</Badge>
        <Badge>{changes.unchanged} unchanged</Badge>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {changes.added.length > 0 && (
          <>
            <dt className="text-emerald-800">Added</dt>
            <dd className="text-slate-800" data-testid="changes-added">
              {names(changes.added)}
            </dd>
          </>
        )}
        {changes.removed.length > 0 && (
          <>
            <dt className="text-red-700">Removed</dt>
            <dd className="text-slate-800" data-testid="changes-removed">
              {names(changes.removed)}
            </dd>
          </>
        )}
        {changed.length > 0 && (
          <>
            <dt className="text-amber-800">Changed</dt>
            <dd className="text-slate-800" data-testid="changes-changed">
              <ul className="space-y-0.5">
                {changed.map((c) => (
                  <li key={c.name}>
                    <span className="font-medium">{c.name}</span>
                    <span className="text-slate-500">: {c.fields.join(', ')}</span>
                  </li>
                ))}
                {changed.length < changes.changed.length && (
                  <li className="text-slate-500">… and {changes.changed.length - changed.length} more</li>
                )}
              </ul>
            </dd>
          </>
        )}
        {changes.fields.length > 0 && (
          <>
            <dt className="text-slate-500">Workflow</dt>
            <dd className="text-slate-800">{changes.fields.map((f) => `${f.field} ${f.status}`).join(', ')}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
