import type { ElkNode } from 'elkjs/lib/elk-api';
import { NODE_WIDTH, nodeHeight, type LineageModel } from './lineage-model';

export type NodePositions = Record<string, { x: number; y: number; width: number; height: number }>;

/** ELK's layered algorithm, top to bottom: parents above their children, families side by side. */
const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '90',
  'elk.spacing.nodeNode': '48',
  'elk.spacing.componentComponent': '72',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
};

/** The ELK input graph. Edges run parent → child for the layout (so parents sit on top). */
export function elkGraph(model: LineageModel): ElkNode {
  return {
    id: 'lineage',
    layoutOptions: LAYOUT_OPTIONS,
    children: model.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: nodeHeight(n.skills.length, n.name) })),
    edges: model.links.map((l) => ({ id: l.id, sources: [l.parent], targets: [l.child] })),
  };
}

/**
 * Positions of every node (top-left corner and size), laid out by ELK. ELK is loaded on demand
 * (the bundled build, no web worker), so only the Graph page pays for it.
 */
export async function layoutLineage(model: LineageModel): Promise<NodePositions> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const laid = await new ELK().layout(elkGraph(model));
  const out: NodePositions = {};
  for (const c of laid.children ?? []) out[c.id] = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? NODE_WIDTH, height: c.height ?? 0 };
  return out;
}
