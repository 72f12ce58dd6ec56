import { allows, type StateType } from '@/server/engine/asl/state-fields';
import { defaultState } from './default-states';
import { stateAt } from './lookup';
import { updateAt } from './pointer-access';
import { indexStates } from './state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Changes the Type of the state at `pointer`. The state keeps every field the new type allows
 * (Comment, paths, Parameters, Retry/Catch, its Next or End, …) and gains the new type's default
 * body for the rest (`defaultState`: a Task's AgentBinding, a Map's item processor, …); fields the
 * new type does not allow are dropped (a Parallel's branches when it becomes a Pass). Transitions
 * that pointed at the state still do; a state that can no longer move on (Choice, Succeed, Fail)
 * loses Next/End. Same type: nothing changes.
 */
export function changeStateType(doc: WorkflowDoc, pointer: string, type: StateType): EditResult {
  const index = indexStates(doc);
  const found = stateAt(index, pointer);
  if (!found.ok) return found;
  if (found.state.Type === type) return { ok: true, doc };
  const taken = new Set(index.names);
  const { state: body } = defaultState(type, found.node.name, taken);
  const kept = Object.fromEntries(Object.entries(found.state).filter(([k]) => k !== 'Type' && allows(type, k)));
  const state: JsonObject = { ...body, ...kept, Type: type };
  if ('Next' in kept) delete state.End;
  const next = updateAt(doc, pointer, () => state);
  return next ? { ok: true, doc: next } : refuse('not_found', `No state at ${pointer}.`);
}
