import { type JsonObject, isObject } from '../json.ts';
import { child } from '../issues.ts';

/**
 * The states of an ASL document as a tree of scopes. The root state machine is one scope; every
 * Parallel branch and every Map processor (ItemProcessor, or the legacy Iterator) is a closed scope
 * of its own: transitions never cross a scope boundary.
 *
 * `states` lists every state depth-first in document order, each nested scope's states right after
 * the Parallel/Map that owns them — the order of the control-plane meta's `states`.
 * The walk is purely structural: it records what is usable and never reports issues.
 *
 * This is the one walk of the state tree: the validator, the compiler, the runtime's state index,
 * the editor and every other reader of a document's states use it rather than recursing over
 * `States` / `Branches` / `ItemProcessor` / `Iterator` themselves. Nesting depth is bounded by the
 * callers' document checks (document-guard.ts), so the recursion cannot exhaust the stack.
 */
export type ScopeKind = 'root' | 'branch' | 'processor';

export interface Scope {
  kind: ScopeKind;
  /** Pointer of the object holding StartAt and States. */
  pointer: string;
  /** The object holding StartAt and States (the state machine, a branch, a processor). */
  holder: JsonObject;
  /** The branch's index in its Parallel's Branches; 0 for a Map processor and the root. */
  index: number;
  startAt: unknown;
  /** False when `States` is missing or not an object; the scope then has no states to check. */
  hasStates: boolean;
  /** States of this scope by name. */
  states: Map<string, StateNode>;
  /** The Parallel or Map state that owns this scope (undefined for the root). */
  owner?: StateNode;
}

export interface StateNode {
  name: string;
  pointer: string;
  /** The state definition; not necessarily an object (the validator reports that). */
  value: unknown;
  scope: Scope;
  /** Nested scopes in document order: Parallel branches, or a Map's processor(s). */
  children: Scope[];
}

export interface StateTree {
  root: Scope | null;
  scopes: Scope[];
  states: StateNode[];
}

/** Map processor fields, newest first; a Map with both is an error but both are walked. */
export const PROCESSOR_FIELDS = ['ItemProcessor', 'Iterator'] as const;

export function collectStateTree(asl: unknown, basePointer: string): StateTree {
  const tree: StateTree = { root: null, scopes: [], states: [] };
  if (!isObject(asl)) return tree;
  tree.root = walkScope(tree, [asl, basePointer, 'root', 0], undefined);
  return tree;
}

/**
 * The nested scopes around a state, innermost first, the root excluded: the owner of each is an
 * enclosing Parallel (kind `branch`) or Map (kind `processor`). `[]` for a top-level state.
 */
export function enclosingScopes(node: StateNode): Scope[] {
  const chain: Scope[] = [];
  for (let scope = node.scope; scope.owner; scope = scope.owner.scope) chain.push(scope);
  return chain;
}

/** Every state of an ASL `States` object, nested ones included, in tree order (pointers from `/States`). */
export function allStatesOf(states: unknown): StateNode[] {
  return collectStateTree({ States: states }, '').states;
}

type NestedScope = [holder: JsonObject, pointer: string, kind: ScopeKind, index: number];

function walkScope(tree: StateTree, [holder, pointer, kind, index]: NestedScope, owner?: StateNode): Scope {
  const scope: Scope = {
    kind,
    pointer,
    holder,
    index,
    startAt: holder.StartAt,
    hasStates: isObject(holder.States),
    states: new Map(),
    owner,
  };
  tree.scopes.push(scope);
  if (!isObject(holder.States)) return scope;
  for (const [name, value] of Object.entries(holder.States)) {
    const node: StateNode = { name, pointer: child(pointer, 'States', name), value, scope, children: [] };
    scope.states.set(name, node);
    tree.states.push(node);
    for (const nested of nestedScopes(value, node.pointer)) node.children.push(walkScope(tree, nested, node));
  }
  return scope;
}

function nestedScopes(state: unknown, pointer: string): NestedScope[] {
  if (!isObject(state)) return [];
  const found: NestedScope[] = [];
  if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
    state.Branches.forEach((branch, i) => {
      if (isObject(branch)) found.push([branch, child(pointer, 'Branches', i), 'branch', i]);
    });
  }
  if (state.Type === 'Map') {
    for (const field of PROCESSOR_FIELDS) {
      const processor = state[field];
      if (isObject(processor)) found.push([processor, child(pointer, field), 'processor', 0]);
    }
  }
  return found;
}
