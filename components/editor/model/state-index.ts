import { collectStateTree, type Scope, type StateNode, type StateTree } from '@/server/engine/asl/state-tree';
import { isObject } from '@/server/engine/json';
import { child } from '@/server/engine/issues';
import { deriveIndex } from './derive-index';

export type { Scope, StateNode };

/** The root scope's pointer: the `asl` object holds the machine's StartAt and States. */
export const ROOT_SCOPE = '/asl';

/**
 * Every scope and state of a document, by pointer, as the engine's structural walk sees it
 * (`collectStateTree`): the root machine, each Parallel branch, each Map processor (ItemProcessor
 * or the legacy Iterator). An O(n) walk, made once per document object: the editor's documents
 * are immutable (an edit makes a new object), and one keystroke asks for the index of the same
 * document from half a dozen places (the edit, the canvas graph, the inspector, the findings).
 */
export interface StateIndex {
  tree: StateTree;
  states: ReadonlyMap<string, StateNode>;
  scopes: ReadonlyMap<string, Scope>;
  /** Every state name in the document; ASL requires them unique across nested scopes too. */
  names: ReadonlySet<string>;
}

const indexes = new WeakMap<object, StateIndex>();

export function indexStates(doc: unknown): StateIndex {
  if (!isObject(doc)) return buildIndex(doc);
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = buildIndex(doc)));
  return index;
}

/**
 * Gives `next` — `prev` with the state at `pointer` replaced through `updateAt` — an index made
 * from `prev`'s without walking the document (`deriveIndex`), when `prev` has one and the edit
 * kept the state's Type and nested scopes; otherwise `next` is indexed when first asked.
 */
export function indexEditedState(prev: unknown, next: unknown, pointer: string): void {
  if (!isObject(prev) || !isObject(next) || prev === next || indexes.has(next)) return;
  const before = indexes.get(prev);
  const derived = before && deriveIndex(before, prev, next, pointer);
  if (derived) indexes.set(next, derived);
}

function buildIndex(doc: unknown): StateIndex {
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
