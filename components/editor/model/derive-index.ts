import { PROCESSOR_FIELDS } from '@/server/engine/asl/state-tree';
import { isObject } from '@/server/engine/json';
import { getAt } from './pointer-access';
import type { Scope, StateIndex, StateNode } from './state-index';

/**
 * The state index of `next` made from the index of `prev` without walking the document (issue 33:
 * a keystroke in the inspector at 1,000 states rebuilt the index, 8–11 ms under load), when
 * `next` is `prev` with the one state at `pointer` replaced by `updateAt` (so only the containers
 * on the way down to it are new objects and everything else is shared) and that replacement kept
 * what the index is made of: the state's Type and the objects of its nested scopes (Branches,
 * ItemProcessor, Iterator). Names, pointers, scopes and document order are then those of `prev`;
 * the values and holders on the path to the state are read from `next`. Null when that does not
 * hold (the caller then indexes `next` from scratch).
 *
 * Still a copy of every scope and node (the nodes link back to their scope and the scopes to
 * their owner, so a new root holder means new objects throughout), but no `Object.entries` of a
 * States object, no pointer escaping and no name set: about a quarter of a rebuild in Node.
 * `derive-index.test.ts` checks it equals a rebuild over random edits.
 */
export function deriveIndex(prev: StateIndex, prevDoc: unknown, next: unknown, pointer: string): StateIndex | null {
  const before = prev.states.get(pointer);
  if (!before || !prev.tree.root || !isObject(next)) return null;
  const after = getAt(next, pointer);
  if (!sameStructure(before.value, after)) return null;
  if (!isObject(prevDoc) || !isObject(next.asl) || getAt(prevDoc, pointer) !== before.value) return null;

  const onPath = (p: string) => p === pointer || pointer.startsWith(`${p}/`);
  const tree: StateIndex['tree'] = { root: null, scopes: [], states: [] };
  const states = new Map<string, StateNode>();
  const scopes = new Map<string, Scope>();

  const copyScope = (old: Scope, owner: StateNode | undefined): Scope => {
    const holder = onPath(old.pointer) ? getAt(next, old.pointer) : old.holder;
    const scope: Scope = { ...old, holder: holder as Scope['holder'], owner, states: new Map() };
    tree.scopes.push(scope);
    scopes.set(scope.pointer, scope);
    for (const node of old.states.values()) {
      const copy: StateNode = {
        name: node.name,
        pointer: node.pointer,
        value: onPath(node.pointer) ? getAt(next, node.pointer) : node.value,
        scope,
        children: [],
      };
      scope.states.set(copy.name, copy);
      tree.states.push(copy);
      states.set(copy.pointer, copy);
      for (const nested of node.children) copy.children.push(copyScope(nested, copy));
    }
    return scope;
  };
  tree.root = copyScope(prev.tree.root, undefined);
  return { tree, states, scopes, names: prev.names };
}

/** True when a state replaced by `after` has the same nested scopes, as the same objects, as `before`. */
function sameStructure(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (!isObject(before) || !isObject(after)) return false;
  if (before.Type !== after.Type || before.Branches !== after.Branches) return false;
  return PROCESSOR_FIELDS.every((field) => before[field] === after[field]);
}
