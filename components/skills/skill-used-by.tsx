import Link from 'next/link';
import type { SkillReport } from './reliability-types';

const LINK = 'text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500';

/** Link to a version on the Graph page (which opens it from `?workflow=&version=`). */
export const graphHref = (workflowId: string, version: string) =>
  `/graph?workflow=${encodeURIComponent(workflowId)}&version=${encodeURIComponent(version)}`;

/**
 * The saved workflow versions that bind the skill (from the knowledge graph). With `onSelect`
 * a version opens in place; without, it links to the version on the Graph page.
 */
export function SkillUsedBy({
  usedBy,
  onSelect,
}: {
  usedBy: SkillReport['used_by'];
  onSelect?(workflowId: string, version: string): void;
}) {
  if (usedBy.length === 0) return <p className="text-sm text-slate-500">No saved workflow uses this skill.</p>;
  return (
    <ul className="space-y-1" data-testid="skill-used-by">
      {usedBy.map((w) => {
        const text = (
          <>
            {w.name} <span className="font-mono text-xs text-slate-500">v{w.version}</span>
          </>
        );
        return (
          <li key={`${w.workflow_id}@${w.version}`}>
            {onSelect ? (
              <button type="button" onClick={() => onSelect(w.workflow_id, w.version)} className={LINK}>
                {text}
              </button>
            ) : (
              <Link href={graphHref(w.workflow_id, w.version)} className={LINK}>
                {text}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
