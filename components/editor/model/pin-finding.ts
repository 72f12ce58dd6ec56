import { pointer as joinPointer, pointerTokens } from '@/lib/json-pointer';
import type { FlowGraph } from './flow-graph';
import { toFlowGraph } from './to-flow-graph';

/**
 * Where a validation finding belongs in the editor: the innermost node (a state, or a Parallel
 * branch / Map processor lane) whose pointer is a prefix of the finding's, the field of that node
 * the finding is in (`Catch`), and the rest of the pointer inside that field (`/0/Next`).
 * Findings outside every node (`/workflow_id`, `/asl/StartAt`) have `nodeId: null` and name the
 * document's field; a finding on the node itself has `field: null`.
 */
export interface FindingPin {
  nodeId: string | null;
  field: string | null;
  subPath: string;
}

/** Pins one finding; see `pinFindings` for many at once. */
export function pinFinding(doc: unknown, pointer: string): FindingPin {
  return pinFindings(doc, [pointer])[0]!;
}

/**
 * Pins findings against one reading of the document (the node ids are those of `toFlowGraph`).
 * `graph`: the document's flow graph when the caller has it (the canvas does): building another
 * walks every state, tens of ms at 1,000 states under load, once per validation.
 */
export function pinFindings(doc: unknown, pointers: readonly string[], graph?: FlowGraph): FindingPin[] {
  const nodes = nodeIdsOf(graph ?? toFlowGraph(doc));
  return pointers.map((p) => pin(nodes, p));
}

const nodeIds = new WeakMap<FlowGraph, ReadonlySet<string>>();

function nodeIdsOf(graph: FlowGraph): ReadonlySet<string> {
  let ids = nodeIds.get(graph);
  if (!ids) nodeIds.set(graph, (ids = new Set(graph.nodes.filter((n) => n.kind !== 'start').map((n) => n.id))));
  return ids;
}

function pin(nodes: ReadonlySet<string>, pointer: string): FindingPin {
  const tokens = pointerTokens(pointer);
  if (!tokens) return { nodeId: null, field: null, subPath: pointer };
  for (let i = tokens.length; i > 0; i--) {
    const prefix = joinPointer(...tokens.slice(0, i));
    if (nodes.has(prefix)) return { nodeId: prefix, field: tokens[i] ?? null, subPath: joinPointer(...tokens.slice(i + 1)) };
  }
  return { nodeId: null, field: tokens[0] ?? null, subPath: joinPointer(...tokens.slice(1)) };
}
