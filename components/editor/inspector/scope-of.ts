import { stateAt } from '../model/lookup';
import { indexStates } from '../model/state-index';

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
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return null;
  const { node } = found;
  return { name: node.name, scope: node.scope.pointer, isStart: node.scope.startAt === node.name, targets: [...node.scope.states.keys()] };
}
