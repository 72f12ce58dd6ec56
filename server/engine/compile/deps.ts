import { isObject } from '../json.ts';
import type { StateNode, StateTree } from '../asl/state-tree.ts';
import { stateTransitions } from '../asl/transitions.ts';

export type Deps = Record<string, { upstream: string[]; downstream: string[] }>;

/**
 * Upstream/downstream of every state, the edges workers notify along:
 * - an ordinary state's downstream are its Choice rule targets, Default, Next and Catch targets;
 * - a Parallel is a fork: its downstream are its branch StartAt states (plus Catch targets), not
 *   its Next;
 * - a branch exit (a state with `End: true`, or a Succeed, in a branch) has the Parallel's Next —
 *   the join — downstream, so the join's upstream are the branch exits (notify_if_ready waits for
 *   all of them). If the Parallel itself ends its own enclosing branch, the exits join the next
 *   level up, and so on; at the top level they have none;
 * - a Map is treated the same way, its processor being its single branch: the Map forks to the
 *   processor's StartAt, and the processor's exits join at the Map's Next. The processor runs once
 *   per item; the template graph is what deps describes, waiting for every iteration is the
 *   runtime's job;
 * - Fail states end the scope in error: they have no downstream (failure reaches a Catch through
 *   the enclosing Parallel/Map, not along deps).
 * A nested Parallel/Map that ends its branch is a fork only; its completion is that of its exits.
 * upstream is the inverse of downstream, listed in document order.
 */
export function computeDeps(tree: StateTree): Deps {
  const deps: Deps = {};
  for (const node of tree.states) deps[node.name] = { upstream: [], downstream: downstreamOf(node) };
  for (const node of tree.states) {
    for (const target of deps[node.name]!.downstream) {
      const upstream = deps[target]?.upstream;
      if (upstream && !upstream.includes(node.name)) upstream.push(node.name);
    }
  }
  return deps;
}

function downstreamOf(node: StateNode): string[] {
  const out: string[] = [];
  const add = (name: unknown) => {
    if (typeof name === 'string' && !out.includes(name)) out.push(name);
  };
  const state = node.value;
  if (!isObject(state)) return out;
  const forks = node.children.length > 0 || state.Type === 'Parallel' || state.Type === 'Map';
  if (forks) node.children.forEach((scope) => add(scope.startAt));
  for (const t of stateTransitions(state, node.pointer)) {
    if (!(forks && t.kind === 'next')) add(t.target);
  }
  if (!forks && (state.End === true || state.Type === 'Succeed')) joinTargets(node).forEach(add);
  return out;
}

/** Where control goes when the scope containing `node` completes: the owner's Next, recursively. */
function joinTargets(node: StateNode): string[] {
  const owner = node.scope.owner;
  if (!owner || !isObject(owner.value)) return [];
  if (typeof owner.value.Next === 'string') return [owner.value.Next];
  return owner.value.End === true ? joinTargets(owner) : [];
}
