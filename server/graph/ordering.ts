import type { LineageEdge, LineageNode, RecordedSkillUse, WorkflowRef } from './port.ts';

/** The port's documented list orders, applied by both adapters so their answers compare equal. */

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const refCmp = (a: WorkflowRef, b: WorkflowRef) => cmp(a.workflow_id, b.workflow_id) || cmp(a.version, b.version);

/** By (created_at, workflow_id, version). */
export function sortLineageNodes(nodes: LineageNode[]): LineageNode[] {
  return [...nodes].sort((a, b) => cmp(a.created_at, b.created_at) || refCmp(a, b));
}

/** By (workflow_id, version). */
export function sortByRef<T extends WorkflowRef>(nodes: T[]): T[] {
  return [...nodes].sort(refCmp);
}

/** By (from, to, kind). */
export function sortLineageEdges(edges: LineageEdge[]): LineageEdge[] {
  return [...edges].sort((a, b) => refCmp(a.from, b.from) || refCmp(a.to, b.to) || cmp(a.kind, b.kind));
}

/** A timestamp value from either store (Date, ISO string, epoch ms) as the port's ISO string. */
export function isoString(v: Date | string | number): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** Skill uses in time order: by (at, run_id, seq), the ISO instants all in UTC with milliseconds. */
export function sortSkillUses(uses: RecordedSkillUse[]): RecordedSkillUse[] {
  return [...uses].sort((a, b) => cmp(a.at, b.at) || cmp(a.run_id, b.run_id) || a.seq - b.seq);
}
