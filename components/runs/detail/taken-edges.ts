import type { FlowGraph } from '@/components/editor/model/flow-graph';
import type { RunOverlay } from '@/components/editor/canvas/node-data';

/**
 * The transitions a run took, for drawing them strong: an edge whose target was entered and whose
 * source finished the way the edge leaves it — done for Next/Default/Choice, failed for Catch —
 * and every start edge into an entered state. `entered` holds the pointers of states that have
 * an instance which was entered.
 */
export function takenEdges(graph: FlowGraph, overlays: ReadonlyMap<string, RunOverlay>, entered: ReadonlySet<string>): Set<string> {
  const taken = new Set<string>();
  for (const e of graph.edges) {
    if (!entered.has(e.target)) continue;
    if (e.kind === 'start') {
      taken.add(e.id);
      continue;
    }
    const source = overlays.get(e.source)?.status;
    if (e.kind === 'catch' ? source === 'failed' : source === 'done') taken.add(e.id);
  }
  return taken;
}
