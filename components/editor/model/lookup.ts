import { isObject } from '@/server/engine/json';
import type { Scope, StateIndex, StateNode } from './state-index';
import { refuse, type EditError, type JsonObject } from './types';

/** The state object at `pointer`, or a `not_found` refusal when no state object is there. */
export function stateAt(
  index: StateIndex,
  pointer: string,
): { ok: true; node: StateNode; state: JsonObject } | { ok: false; error: EditError } {
  const node = index.states.get(pointer);
  if (!node || !isObject(node.value)) return refuse('not_found', `No state at ${pointer}.`);
  return { ok: true, node, state: node.value };
}

/** The scope at `pointer` (`/asl`, a branch, a Map processor), or a `not_found` refusal. */
export function scopeAt(index: StateIndex, pointer: string): { ok: true; scope: Scope } | { ok: false; error: EditError } {
  const scope = index.scopes.get(pointer);
  return scope ? { ok: true, scope } : refuse('not_found', `No scope (machine, branch or item processor) at ${pointer}.`);
}
