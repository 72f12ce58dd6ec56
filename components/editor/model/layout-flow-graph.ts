import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowGraph } from './flow-graph';
import { toElkGraph, type ElkGraphOptions, type NodeSize } from './elk-graph';

/** Anything that lays out like ELK: the bundled build in tests, a Web Worker-backed one in the UI. */
export type ElkLayouter = Pick<ELK, 'layout'>;

export interface Point {
  x: number;
  y: number;
}

/** A laid-out node: `position` relative to its parent (React Flow's convention), `absolute` to the canvas. */
export interface NodeLayout {
  position: Point;
  absolute: Point;
  width: number;
  height: number;
}

/** An orthogonal edge route in canvas coordinates, and where its label's box goes. */
export interface EdgeRoute {
  start: Point;
  bends: Point[];
  end: Point;
  label?: Point & NodeSize;
}

export interface FlowLayout {
  nodes: Record<string, NodeLayout>;
  edges: Record<string, EdgeRoute>;
  width: number;
  height: number;
}

/**
 * Lays out a flow graph with ELK (options: `LAYOUT_OPTIONS`). Every node gets a position;
 * containers (Parallel/Map states and their lanes) a size that fits their content; every edge
 * ELK routed gets its route. `sizes` gives leaf nodes' measured sizes (defaults otherwise).
 * Rejects only if ELK itself fails. `options.containerHeader` makes room for taller Parallel/Map
 * headers (the run view adds a status band to them).
 */
export async function layoutFlowGraph(
  graph: FlowGraph,
  sizes: Readonly<Record<string, NodeSize>>,
  elk: ElkLayouter,
  options: ElkGraphOptions = {},
): Promise<FlowLayout> {
  const laid = await elk.layout(toElkGraph(graph, sizes, options));
  const out: FlowLayout = { nodes: {}, edges: {}, width: laid.width ?? 0, height: laid.height ?? 0 };
  const visit = (node: ElkNode, origin: Point) => {
    for (const c of node.children ?? []) {
      const position = { x: c.x ?? 0, y: c.y ?? 0 };
      const absolute = { x: origin.x + position.x, y: origin.y + position.y };
      out.nodes[c.id] = { position, absolute, width: c.width ?? 0, height: c.height ?? 0 };
      visit(c, absolute);
    }
    for (const e of node.edges ?? []) {
      const route = routeOf(e);
      if (route) out.edges[e.id] = route;
    }
  };
  visit(laid, { x: 0, y: 0 });
  return out;
}

function routeOf(edge: ElkExtendedEdge): EdgeRoute | null {
  const section = edge.sections?.[0];
  if (!section) return null;
  const label = edge.labels?.[0];
  return {
    start: { ...section.startPoint },
    bends: (section.bendPoints ?? []).map((p) => ({ ...p })),
    end: { ...section.endPoint },
    ...(label && label.x !== undefined && label.y !== undefined
      ? { label: { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 } }
      : {}),
  };
}
