import { isObject } from '../json.ts';
import { runtimeError } from './states-error.ts';
import type { AslState } from './types.ts';

export interface StateLocation {
  name: string;
  state: AslState;
  /** innermost first: the Parallel/Map states enclosing this one; [] at top level */
  enclosing: Array<{ name: string; kind: 'Parallel' | 'Map'; branchIndex: number }>;
  /** the States object this state lives in */
  siblings: Record<string, AslState>;
}

type Scope = { StartAt: string; States: Record<string, AslState> };

/**
 * Every state of a workflow by name, including those inside Parallel branches and Map processors
 * (ItemProcessor or the legacy Iterator; branchIndex 0), with the chain of enclosing
 * Parallel/Map states. State names are unique across a valid workflow; a duplicate is
 * States.Runtime rather than one definition silently hiding the other.
 */
export function indexStates(asl: Scope): Map<string, StateLocation> {
  const index = new Map<string, StateLocation>();
  walk(asl, [], index);
  return index;
}

function walk(scope: unknown, enclosing: StateLocation['enclosing'], index: Map<string, StateLocation>): void {
  if (!isObject(scope) || !isObject(scope.States)) return;
  const siblings = scope.States as Record<string, AslState>;
  for (const [name, state] of Object.entries(siblings)) {
    if (!isObject(state)) continue;
    if (index.has(name)) runtimeError(`the state name ${JSON.stringify(name)} is used more than once`);
    index.set(name, { name, state, enclosing, siblings });
    if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
      state.Branches.forEach((branch, i) => walk(branch, [{ name, kind: 'Parallel', branchIndex: i }, ...enclosing], index));
    } else if (state.Type === 'Map') {
      walk(state.ItemProcessor ?? state.Iterator, [{ name, kind: 'Map', branchIndex: 0 }, ...enclosing], index);
    }
  }
}
