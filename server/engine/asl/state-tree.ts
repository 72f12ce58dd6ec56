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
 */
export type ScopeKind = 'root' | 'branch' | 'processor';

export interface Scope {
  kind: ScopeKind;
  /** Pointer of the object holding StartAt and States. */
  pointer: string;
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
  tree.root = walkScope(tree, asl, basePointer, 'root', undefined);
  return tree;
}

function walkScope(tree: StateTree, holder: JsonObject, pointer: string, kind: ScopeKind, owner?: StateNode): Scope {
  const scope: Scope = { kind, pointer, startAt: holder.StartAt, hasStates: isObject(holder.States), states: new Map(), owner };
  tree.scopes.push(scope);
  if (!isObject(holder.States)) return scope;
  for (const [name, value] of Object.entries(holder.States)) {
    const node: StateNode = { name, pointer: child(pointer, 'States', name), value, scope, children: [] };
    scope.states.set(name, node);
    tree.states.push(node);
    for (const [holderValue, holderPointer, childKind] of nestedScopes(value, node.pointer)) {
      node.children.push(walkScope(tree, holderValue, holderPointer, childKind, node));
    }
  }
  return scope;
}

function nestedScopes(state: unknown, pointer: string): Array<[JsonObject, string, ScopeKind]> {
  if (!isObject(state)) return [];
  const found: Array<[JsonObject, string, ScopeKind]> = [];
  if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
    state.Branches.forEach((branch, i) => {
      if (isObject(branch)) found.push([branch, child(pointer, 'Branches', i), 'branch']);
    });
  }
  if (state.Type === 'Map') {
    for (const field of PROCESSOR_FIELDS) {
      const processor = state[field];
      if (isObject(processor)) found.push([processor, child(pointer, field), 'processor']);
    }
  }
  return found;
}
