import { compareVersions } from '@/lib/semver';
import type { VersionLifecycleRow } from '../versions/lifecycle-text';

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
  /** The document's own `created_at`; not when it was saved. */
  createdAt: string;
} & VersionLifecycleRow;

/**
 * One workflow of the catalog: its versions, highest first; the highest one's summary; and the
 * published version (issue 28: the one in use), or null when none is.
 */
export type CatalogWorkflow = {
  workflowId: string;
  latest: SavedVersionRow;
  versions: SavedVersionRow[];
  published: SavedVersionRow | null;
};

/**
 * Saved versions grouped by workflow: versions by semver descending, workflows by their most
 * recent save (when it was really saved, newest first), so what was worked on last is at the top.
 */
export function groupVersions(rows: readonly SavedVersionRow[]): CatalogWorkflow[] {
  const byId = new Map<string, SavedVersionRow[]>();
  for (const r of rows) byId.set(r.workflowId, [...(byId.get(r.workflowId) ?? []), r]);
  const groups = [...byId.entries()].map(([workflowId, versions]) => {
    const sorted = [...versions].sort((a, b) => compareVersions(b.version, a.version));
    const published = sorted.find((v) => v.status === 'published') ?? null;
    return { workflowId, latest: sorted[0]!, versions: sorted, published };
  });
  const lastSaved = (g: CatalogWorkflow) => Math.max(...g.versions.map((v) => Date.parse(v.savedAt) || 0));
  return groups.sort((a, b) => lastSaved(b) - lastSaved(a) || a.latest.name.localeCompare(b.latest.name));
}

/** Case-insensitive match of a search text against name, description, tags, skills and state names. */
export function matchesSearch(w: CatalogWorkflow, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  const l = w.latest;
  return [l.name, l.description, ...l.tags, ...l.skills, ...l.states, w.workflowId].some((s) => s.toLowerCase().includes(q));
}
