import type { NodeSize } from '../model/elk-graph';
import type { FlowGraph } from '../model/flow-graph';

/**
 * Everything the layout depends on, as one string: node ids with their parents and sizes, edge
 * ids with their ends and labels. Two graphs with the same signature lay out identically, so a
 * field edit that changes no box and no transition (a Comment, Parameters) never re-runs ELK.
 */
export function layoutSignature(graph: FlowGraph, sizes: Readonly<Record<string, NodeSize>>): string {
  const parts: string[] = [];
  for (const n of graph.nodes) {
    const s = sizes[n.id];
    parts.push(`${n.id}<${n.parentId ?? ''}${s ? `:${s.width}x${s.height}` : ''}`);
  }
  parts.push('|');
  for (const e of graph.edges) parts.push(`${e.id}:${e.source}>${e.target}:${e.label ?? ''}`);
  return parts.join('\n');
}
