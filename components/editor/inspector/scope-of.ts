import { stateAt } from '../model/lookup';
import { indexStates, type Scope } from '../model/state-index';

/** The state at `pointer` in its scope: its name, the scope's pointer and StartAt, and the names a transition may target. */
export interface StateInScope {
  name: string;
  scope: string;
  isStart: boolean;
  /** Every state of the same scope (the state itself included: a Wait may loop to itself), in document order. */
  targets: string[];
}

/** Null when no state object is at `pointer`. */
export function scopeOf(doc: unknown, pointer: string): StateInScope | null {
  const index = indexStates(doc);
  const found = stateAt(index, pointer);
  if (!found.ok) return null;
  const { node } = found;
  return {
    name: node.name,
    scope: node.scope.pointer,
    isStart: node.scope.startAt === node.name,
    targets: targetsOf(index.names, node.scope),
  };
}

/**
 * A scope's state names, the same array for as long as the documents' indexes share their name set:
 * an index derived for a field edit (`deriveIndex`) keeps every name, scope and order, so a keystroke
 * hands the inspector's target selects the array they drew last, and they skip redrawing hundreds of
 * options (issue 33). A rename or structural edit rebuilds the index, with a new name set.
 */
const targetCache = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function targetsOf(names: ReadonlySet<string>, scope: Scope): string[] {
  let byScope = targetCache.get(names);
  if (!byScope) targetCache.set(names, (byScope = new Map()));
  let targets = byScope.get(scope.pointer);
  if (!targets) byScope.set(scope.pointer, (targets = [...scope.states.keys()]));
  return targets;
}
