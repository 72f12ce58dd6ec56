import { compareVersions } from '@/lib/semver';

/** A workflow the filter bar offers, with its versions (highest first). */
export type WorkflowOption = { workflowId: string; name: string; versions: string[] };

type Known = { workflowId: string; version: string; name: string };

/**
 * The workflow/version choices of the filter bar: saved workflow versions (graph.savedWorkflows),
 * plus workflows seen in the listed runs (a run may execute a document that was never saved),
 * plus the filter's own workflow and version (a shared link may name one neither knows), so a
 * select never silently drops what the URL asks for. Sorted by name.
 */
export function workflowOptions(
  saved: readonly Known[],
  runs: ReadonlyArray<{ workflow_id: string; workflow_version: string; workflow_name: string }>,
  current: { workflow_id?: string; version?: string },
): WorkflowOption[] {
  const byId = new Map<string, { name: string; versions: Set<string> }>();
  const add = (id: string, version: string | undefined, name: string | undefined) => {
    const w = byId.get(id) ?? { name: '', versions: new Set<string>() };
    if (name && !w.name) w.name = name;
    if (version) w.versions.add(version);
    byId.set(id, w);
  };
  for (const s of saved) add(s.workflowId, s.version, s.name);
  for (const r of runs) add(r.workflow_id, r.workflow_version, r.workflow_name);
  if (current.workflow_id) add(current.workflow_id, current.version, undefined);
  return [...byId.entries()]
    .map(([workflowId, w]) => ({ workflowId, name: w.name || workflowId, versions: [...w.versions].sort((a, b) => compareVersions(b, a)) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.workflowId.localeCompare(b.workflowId));
}
