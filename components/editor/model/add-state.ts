import type { StateType } from '@/server/engine/asl/state-fields';
import { defaultState } from './default-states';
import { scopeAt } from './lookup';
import { insertStates } from './insert-states';
import { indexStates, statePointer } from './state-index';
import { nameProblem, uniqueName } from './state-names';
import { refuse, type EditResult, type WorkflowDoc } from './types';

/**
 * Adds a state of `type` to the scope at `scope` with its default body (`defaultState`), named
 * `options.name` or, without one, the type made unique (`Task`, `Task2`, …). The scope's StartAt
 * is set to the new state when the scope had no states or no StartAt. Refuses an unknown scope, a
 * taken or invalid name, and a scope whose States is not an object.
 */
export function addState(
  doc: WorkflowDoc,
  scope: string,
  type: StateType,
  options: { name?: string } = {},
): EditResult<{ name: string; pointer: string }> {
  const index = indexStates(doc);
  const found = scopeAt(index, scope);
  if (!found.ok) return found;
  const name = options.name ?? uniqueName(type, index.names);
  const problem = nameProblem(name, index.names);
  if (problem) return problem;
  const { state } = defaultState(type, name, index.names);
  const next = insertStates(doc, scope, { [name]: state });
  if (!next) return refuse('invalid_value', `The States of ${scope} is not an object; fix it in the JSON view first.`);
  return { ok: true, doc: next, name, pointer: statePointer(scope, name) };
}
