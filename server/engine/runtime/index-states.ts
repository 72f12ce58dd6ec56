import { collectStateTree, enclosingScopes } from '../asl/state-tree.ts';
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
 * Parallel/Map states. The structure comes from the one walk of the state tree (asl/state-tree.ts).
 * State names are unique across a valid workflow; a duplicate is States.Runtime rather than one
 * definition silently hiding the other.
 */
export function indexStates(asl: Scope): Map<string, StateLocation> {
  const index = new Map<string, StateLocation>();
  for (const node of collectStateTree(asl, '').states) {
    if (!isObject(node.value)) continue;
    if (index.has(node.name)) runtimeError(`the state name ${JSON.stringify(node.name)} is used more than once`);
    const enclosing = enclosingScopes(node).map((scope) => ({
      name: scope.owner!.name,
      kind: scope.kind === 'branch' ? ('Parallel' as const) : ('Map' as const),
      branchIndex: scope.index,
    }));
    const siblings = node.scope.holder.States as Record<string, AslState>;
    index.set(node.name, { name: node.name, state: node.value, enclosing, siblings });
  }
  return index;
}
