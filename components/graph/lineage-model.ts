import { versionKey, type SavedVersion, type VersionRef } from './types';

export type LineageKind = 'VERSION_OF' | 'REFINEMENT_OF';

/** One saved version as a node of the lineage tree. */
export type VersionNodeData = VersionRef & { name: string; skills: string[]; createdAt: string; relation: LineageKind | null };
/** A lineage edge, child → parent as the knowledge graph stores it ("child REFINEMENT_OF parent"). */
export type LineageLink = { id: string; child: string; parent: string; kind: LineageKind };
export type LineageModel = { nodes: Array<VersionNodeData & { id: string }>; links: LineageLink[]; missingParents: string[] };

/**
 * The lineage tree of the saved versions: one node per version, one link per version that names
 * a parent. A parent that is not among the saved versions gets no link; its key is listed in
 * `missingParents` so the page can say so. Nodes oldest first (stable layout input).
 */
export function buildLineageModel(saved: readonly SavedVersion[]): LineageModel {
  const nodes = [...saved]
    .sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.workflowId.localeCompare(b.workflowId) || a.version.localeCompare(b.version),
    )
    .map((v) => ({
      id: versionKey(v),
      workflowId: v.workflowId,
      version: v.version,
      name: v.name,
      skills: [...v.skills],
      createdAt: v.createdAt,
      relation: v.relation,
    }));
  const ids = new Set(nodes.map((n) => n.id));
  const links: LineageLink[] = [];
  const missing = new Set<string>();
  for (const v of saved) {
    if (!v.parentWorkflowId || !v.parentVersion || !v.relation) continue;
    const parent = versionKey({ workflowId: v.parentWorkflowId, version: v.parentVersion });
    const child = versionKey(v);
    if (ids.has(parent)) links.push({ id: `${child}->${parent}`, child, parent, kind: v.relation });
    else missing.add(parent);
  }
  return { nodes, links, missingParents: [...missing] };
}

/**
 * Node box size for the layout (matching version-node.tsx): a header whose name may wrap to a
 * second line, then one 28 px line per bound skill (a 24 px chip, WCAG 2.2's minimum target size, and its gap).
 */
export const NODE_WIDTH = 288;
export function nodeHeight(skills: number, name = ''): number {
  return 68 + (name.length > 30 ? 20 : 0) + Math.max(1, skills) * 28;
}

/** The parent of a version in the model, if it is saved. */
export function parentOf(model: LineageModel, id: string): { id: string; kind: LineageKind } | null {
  const link = model.links.find((l) => l.child === id);
  return link ? { id: link.parent, kind: link.kind } : null;
}
