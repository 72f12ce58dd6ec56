import { isObject } from '@/server/engine/json';
import { updateAt } from './pointer-access';
import { retargetState } from './retarget';
import { indexStates } from './state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Removes the states at `pointers` (a container takes its branches and their states with it) and
 * cleans every reference to them in their scopes: a Next becomes `End: true`, a Choice rule, a
 * Default or a catcher pointing at a removed state is removed. A removed StartAt moves to the
 * first remaining state along the removed start's Next chain, else the first remaining state in
 * document order; a scope left empty loses its StartAt (the validator then asks for a state).
 * Refuses, changing nothing, when any pointer names no state.
 */
export function removeStates(doc: WorkflowDoc, pointers: readonly string[]): EditResult<{ removed: string[] }> {
  const index = indexStates(doc);
  const missing = pointers.find((p) => !index.states.has(p));
  if (missing !== undefined) return refuse('not_found', `No state at ${missing}.`);
  const unique = [...new Set(pointers)];
  // A state inside a removed container goes with it.
  const removed = unique.filter((p) => !unique.some((other) => other !== p && p.startsWith(`${other}/`)));
  const byScope = new Map<string, Set<string>>();
  for (const p of removed) {
    const node = index.states.get(p)!;
    const names = byScope.get(node.scope.pointer) ?? new Set<string>();
    names.add(node.name);
    byScope.set(node.scope.pointer, names);
  }
  let out = doc;
  for (const [scope, names] of byScope) {
    out = updateAt(out, scope, (holder) => (isObject(holder) ? removeFromScope(holder, names) : holder)) ?? out;
  }
  return { ok: true, doc: out, removed };
}

function removeFromScope(holder: JsonObject, names: ReadonlySet<string>): JsonObject {
  const before = isObject(holder.States) ? holder.States : {};
  const States: JsonObject = {};
  for (const [name, state] of Object.entries(before)) {
    if (names.has(name)) continue;
    States[name] = isObject(state) ? retargetState(state, (target) => (names.has(target) ? null : target)) : state;
  }
  const out: JsonObject = { ...holder, States };
  if (typeof holder.StartAt === 'string' && names.has(holder.StartAt)) {
    const start = newStart(before, holder.StartAt, names, Object.keys(States));
    if (start === undefined) delete out.StartAt;
    else out.StartAt = start;
  }
  return out;
}

/** The first surviving state on the removed start's Next chain, else the first survivor. */
function newStart(states: JsonObject, start: string, removed: ReadonlySet<string>, survivors: string[]): string | undefined {
  const seen = new Set<string>();
  let current: unknown = start;
  while (typeof current === 'string' && !seen.has(current) && Object.hasOwn(states, current)) {
    if (!removed.has(current)) return current;
    seen.add(current);
    const state = states[current];
    current = isObject(state) ? state.Next : undefined;
  }
  return survivors[0];
}
