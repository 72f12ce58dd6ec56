import { ALLOWED_FIELDS, KNOWN_FIELDS, isStateType } from '@/server/engine/asl/state-fields';
import { isObject } from '@/server/engine/json';
import { isJsonValue } from './json-value';
import { scopeAt, stateAt } from './lookup';
import { updateAt } from './pointer-access';
import { indexEditedState, indexStates } from './state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Sets (or, with `undefined`, removes) one field of the state at `pointer`, as the inspector does.
 * The field must be one the state's Type allows (any known ASL field when the Type is unreadable);
 * `Type` itself changes through `changeStateType`. The value must be plain JSON. Next and End
 * exclude each other: setting a Next removes End, setting `End: true` removes Next. Values are
 * not checked further (a path, a number's range): validation reports those on the node.
 */
export function setStateField(doc: WorkflowDoc, pointer: string, field: string, value: unknown): EditResult {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return found;
  if (field === 'Type') return refuse('not_allowed', 'Change the type with changeStateType, which keeps the fields the new type allows.');
  const type = found.state.Type;
  const allowed = isStateType(type) ? ALLOWED_FIELDS[type].has(field) : KNOWN_FIELDS.has(field);
  if (!allowed)
    return refuse('not_allowed', isStateType(type) ? `A ${type} state has no field ${field}.` : `${field} is not a state field.`);
  if (value !== undefined && !isJsonValue(value)) return refuse('invalid_value', `${field} must be a JSON value.`);
  const next = updateAt(doc, pointer, (state) => withField(state as JsonObject, field, value));
  // A field edit keeps names and scopes: the next key's lookups reuse this index (issue 33).
  if (next) indexEditedState(doc, next, pointer);
  return next ? { ok: true, doc: next } : refuse('not_found', `No state at ${pointer}.`);
}

function withField(state: JsonObject, field: string, value: unknown): JsonObject {
  if (value === undefined && !Object.hasOwn(state, field)) return state;
  const out = { ...state };
  if (value === undefined) delete out[field];
  else out[field] = value;
  if (field === 'Next' && value !== undefined) delete out.End;
  if (field === 'End' && value === true) delete out.Next;
  return out;
}

/** Makes the state named `name` the start of the scope at `scope`; refuses a name not in that scope. */
export function setStartAt(doc: WorkflowDoc, scope: string, name: string): EditResult {
  const found = scopeAt(indexStates(doc), scope);
  if (!found.ok) return found;
  if (!found.scope.states.has(name)) return refuse('not_found', `No state named "${name}" in this scope.`);
  const next = updateAt(doc, scope, (holder) => (isObject(holder) && holder.StartAt !== name ? { ...holder, StartAt: name } : holder));
  return next ? { ok: true, doc: next } : refuse('not_found', `No scope at ${scope}.`);
}
