import type { ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { FlowEdge, FlowGraph, FlowNode } from './flow-graph';
import { ROOT_SCOPE } from './state-index';

/** Width and height of a node in pixels. */
export interface NodeSize {
  width: number;
  height: number;
}

/** Sizes used for leaf nodes `sizes` does not give (before the UI has measured them). */
export const DEFAULT_NODE_SIZE: Readonly<Record<'state' | 'start', NodeSize>> = {
  state: { width: 220, height: 64 },
  start: { width: 16, height: 16 },
};

/** Room above a container's content for its header: a Parallel/Map title, then each lane's label. */
export const CONTAINER_HEADER = 44;
export const LANE_HEADER = 32;
export const CONTAINER_PADDING = {
  state: `[top=${CONTAINER_HEADER},left=16,bottom=16,right=16]`,
  lane: `[top=${LANE_HEADER},left=12,bottom=12,right=12]`,
} as const;

/** Layout choices of the caller: how tall a Parallel/Map header is (the run view adds a status band to it). */
export interface ElkGraphOptions {
  containerHeader?: number;
}

/**
 * ELK's layered algorithm top to bottom with orthogonal edges, laid out in one pass across the
 * hierarchy (INCLUDE_CHILDREN) so edges inside containers are routed around nodes too. Edge
 * coordinates are asked for relative to the root (`elk.json.edgeCoords: ROOT`); node positions
 * stay relative to their parent, as React Flow sub-flows want them. Model order is kept so the
 * layout follows the document and moves little between edits.
 */
export const LAYOUT_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.spacing.nodeNode': '40',
  'elk.spacing.edgeNode': '20',
  'elk.spacing.edgeEdge': '12',
  'elk.edgeLabels.placement': 'CENTER',
};

/**
 * Above this many nodes crossing minimisation makes one pass instead of ELK's default seven:
 * large generated chains gain little from more, and it halves the time of a 500-state layout.
 */
export const LARGE_GRAPH_NODES = 200;

/**
 * For large graphs, also linear-segment node placement instead of Brandes–Köpf: on a generated
 * 1,000-state workflow it laid out 2–5× faster (ELK's share of opening it) and 5× narrower
 * (Brandes–Köpf spread the chain's side branches 4,500 px wide).
 */
const LARGE_LAYOUT_OPTIONS: LayoutOptions = {
  ...LAYOUT_OPTIONS,
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS',
};

/** The id of the ELK root node (never a pointer, so it cannot clash with a node id). */
export const ELK_ROOT_ID = 'workflow';

/** An edge label's size, estimated from its length (ELK reserves room for it between layers). */
export function labelSize(text: string): NodeSize {
  return { width: Math.ceil(text.length * 6.5) + 12, height: 18 };
}

/**
 * The ELK input for a flow graph: leaves get their size from `sizes` (or the defaults); a
 * container (a Parallel/Map with lanes, or a lane) gets none, so ELK sizes it to fit its content.
 * Each edge lives in the node of its scope (the root or its lane): its two ends are there.
 */
export function toElkGraph(graph: FlowGraph, sizes: Readonly<Record<string, NodeSize>>, options: ElkGraphOptions = {}): ElkNode {
  const statePadding = options.containerHeader ? `[top=${options.containerHeader},left=16,bottom=16,right=16]` : CONTAINER_PADDING.state;
  const children = new Map<string | undefined, FlowNode[]>();
  for (const n of graph.nodes) {
    const list = children.get(n.parentId);
    if (list) list.push(n);
    else children.set(n.parentId, [n]);
  }
  const edges = new Map<string, FlowEdge[]>();
  for (const e of graph.edges) {
    const list = edges.get(e.scope);
    if (list) list.push(e);
    else edges.set(e.scope, [e]);
  }
  const build = (n: FlowNode): ElkNode => {
    const inner = children.get(n.id);
    if (!inner) return { id: n.id, ...(sizes[n.id] ?? DEFAULT_NODE_SIZE[n.kind === 'start' ? 'start' : 'state']) };
    return {
      id: n.id,
      layoutOptions: { 'elk.padding': n.kind === 'lane' ? CONTAINER_PADDING.lane : statePadding },
      children: inner.map(build),
      edges: (edges.get(n.id) ?? []).map(toElkEdge),
    };
  };
  return {
    id: ELK_ROOT_ID,
    layoutOptions: graph.nodes.length > LARGE_GRAPH_NODES ? LARGE_LAYOUT_OPTIONS : LAYOUT_OPTIONS,
    children: (children.get(undefined) ?? []).map(build),
    edges: (edges.get(ROOT_SCOPE) ?? []).map(toElkEdge),
  };
}

function toElkEdge(e: FlowEdge): ElkExtendedEdge {
  return { id: e.id, sources: [e.source], targets: [e.target], ...(e.label ? { labels: [{ text: e.label, ...labelSize(e.label) }] } : {}) };
}
