import { hasOwn } from '@/server/engine/json';
import { stateAt } from '../model/lookup';
import { setStateField } from '../model/set-state-field';
import { indexStates } from '../model/state-index';
import type { EditResult, JsonObject, WorkflowDoc } from '../model/types';

/**
 * Fields of which a state takes at most one: a Wait's Seconds / Timestamp / SecondsPath /
 * TimestampPath, a Fail's Error / ErrorPath, a Task's TimeoutSeconds / TimeoutSecondsPath, a
 * Map's MaxConcurrency / MaxConcurrencyPath, … The inspector shows them as a radio group.
 */

/** The alternative `state` uses: the first of `fields` it has, or null. */
export function currentAlternative(state: JsonObject, fields: readonly string[]): string | null {
  return fields.find((f) => hasOwn(state, f)) ?? null;
}

/**
 * Switches the state at `pointer` to the alternative `to` (null: none of them): every other field
 * of `fields` is removed and `to` is set to `value` — unless the state already has `to`, whose
 * value is then kept. One document, so one undo step.
 */
export function switchAlternative(
  doc: WorkflowDoc,
  pointer: string,
  fields: readonly string[],
  to: string | null,
  value: unknown,
): EditResult {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return found;
  let result: EditResult = { ok: true, doc };
  for (const f of fields) {
    if (f === to || !hasOwn(found.state, f) || !result.ok) continue;
    result = setStateField(result.doc, pointer, f, undefined);
  }
  if (!result.ok || to === null || hasOwn(found.state, to)) return result;
  return setStateField(result.doc, pointer, to, value);
}
