import { compareVersions } from '@/lib/semver';

/** A saved version as the catalog lists it (graph.savedWorkflows, without its document). */
export type SavedVersionRow = {
  workflowId: string;
  version: string;
  name: string;
  description: string;
  tags: string[];
  skills: string[];
  states: string[];
  author: string | null;
  note: string | null;
  parentWorkflowId: string | null;
  parentVersion: string | null;
  relation: string | null;
  createdAt: string;
};

/** One workflow of the catalog: its versions, highest first, and the highest one's summary. */
export type CatalogWorkflow = { workflowId: string; latest: SavedVersionRow; versions: SavedVersionRow[] };

/**
 * Saved versions grouped by workflow: versions by semver descending, workflows by their most
 * recent save (newest first), so what was worked on last is at the top.
 */
export function groupVersions(rows: readonly SavedVersionRow[]): CatalogWorkflow[] {
  const byId = new Map<string, SavedVersionRow[]>();
  for (const r of rows) byId.set(r.workflowId, [...(byId.get(r.workflowId) ?? []), r]);
  const groups = [...byId.entries()].map(([workflowId, versions]) => {
    const sorted = [...versions].sort((a, b) => compareVersions(b.version, a.version));
    return { workflowId, latest: sorted[0]!, versions: sorted };
  });
  const lastSaved = (g: CatalogWorkflow) => Math.max(...g.versions.map((v) => Date.parse(v.createdAt) || 0));
  return groups.sort((a, b) => lastSaved(b) - lastSaved(a) || a.latest.name.localeCompare(b.latest.name));
}

/** Case-insensitive match of a search text against name, description, tags, skills and state names. */
export function matchesSearch(w: CatalogWorkflow, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  const l = w.latest;
  return [l.name, l.description, ...l.tags, ...l.skills, ...l.states, w.workflowId].some((s) => s.toLowerCase().includes(q));
}
