import { collectStateTree, type Scope, type StateNode, type StateTree } from '@/server/engine/asl/state-tree';
import { isObject } from '@/server/engine/json';
import { child } from '@/server/engine/issues';

export type { Scope, StateNode };

/** The root scope's pointer: the `asl` object holds the machine's StartAt and States. */
export const ROOT_SCOPE = '/asl';

/**
 * Every scope and state of a document, by pointer, as the engine's structural walk sees it
 * (`collectStateTree`): the root machine, each Parallel branch, each Map processor (ItemProcessor
 * or the legacy Iterator). Built fresh per operation — an O(n) walk — so it is never stale.
 */
export interface StateIndex {
  tree: StateTree;
  states: ReadonlyMap<string, StateNode>;
  scopes: ReadonlyMap<string, Scope>;
  /** Every state name in the document; ASL requires them unique across nested scopes too. */
  names: ReadonlySet<string>;
}

export function indexStates(doc: unknown): StateIndex {
  const tree = collectStateTree(isObject(doc) ? doc.asl : undefined, ROOT_SCOPE);
  return {
    tree,
    states: new Map(tree.states.map((s) => [s.pointer, s])),
    scopes: new Map(tree.scopes.map((s) => [s.pointer, s])),
    names: new Set(tree.states.map((s) => s.name)),
  };
}

/** The pointer of a state named `name` directly in the scope at `scopePointer`. */
export function statePointer(scopePointer: string, name: string): string {
  return child(scopePointer, 'States', name);
}
