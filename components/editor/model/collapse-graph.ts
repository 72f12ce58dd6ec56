import type { FlowGraph } from './flow-graph';

/** What a collapsed Parallel or Map holds: its lanes (branches or item processor) and its states at any depth. */
export type Held = { lanes: number; states: number };

/**
 * The graph as drawn with some Parallel/Map containers collapsed: everything inside a collapsed
 * container (its lanes, their start markers and states, and every transition between them) is
 * left out, so the container is drawn and laid out as one box. `held` says, per collapsed
 * container on screen, what it hides. A collapsed container inside another collapsed one is
 * hidden with it. With nothing collapsed the graph is returned as it is.
 */
export function collapseGraph(graph: FlowGraph, collapsed: ReadonlySet<string>): { graph: FlowGraph; held: Map<string, Held> } {
  const held = new Map<string, Held>();
  if (collapsed.size === 0) return { graph, held };
  // The visible collapsed container that hides each hidden node (parents come before children).
  const hiddenBy = new Map<string, string>();
  const nodes: FlowGraph['nodes'] = [];
  for (const n of graph.nodes) {
    const parent = n.parentId;
    const owner = parent === undefined ? undefined : (hiddenBy.get(parent) ?? (collapsed.has(parent) ? parent : undefined));
    if (owner === undefined) {
      nodes.push(n);
      if (n.kind === 'state' && n.container && collapsed.has(n.id)) held.set(n.id, { lanes: 0, states: 0 });
      continue;
    }
    hiddenBy.set(n.id, owner);
    const h = held.get(owner)!;
    if (n.kind === 'lane' && parent === owner) h.lanes++;
    if (n.kind === 'state') h.states++;
  }
  const edges = graph.edges.filter((e) => !hiddenBy.has(e.source) && !hiddenBy.has(e.target));
  return { graph: { nodes, edges }, held };
}
