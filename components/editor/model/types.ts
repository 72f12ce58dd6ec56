/**
 * Shared types of the editor model. Documents are plain JSON objects that the model never mutates:
 * every operation returns a new document sharing the untouched parts with its input.
 */
import type { JsonObject } from '@/server/engine/json';

export type { JsonObject };

/** A Letta-ASL workflow document as the editor holds it (it may be invalid or partial). */
export type WorkflowDoc = JsonObject;

/**
 * Why an edit was refused. Expected user mistakes are values, never exceptions:
 * - `not_found`: the pointer names no state (or scope, edge) in this document;
 * - `invalid_name` / `duplicate_name`: a state name that is empty, too long or already used
 *   (ASL: names are unique across the whole machine, nested scopes included);
 * - `other_scope`: a transition target outside the source's scope (transitions never cross one);
 * - `not_allowed`: the state type has no such field or transition (e.g. Next on a Choice);
 * - `invalid_value`: a value the operation cannot take (not JSON, a bad index, a bad payload).
 */
export type EditErrorCode = 'not_found' | 'invalid_name' | 'duplicate_name' | 'other_scope' | 'not_allowed' | 'invalid_value';

export interface EditError {
  code: EditErrorCode;
  message: string;
}

/** The result of an edit: the new document (plus `T`), or the reason it was refused. */
export type EditResult<T extends object = object> = ({ ok: true; doc: WorkflowDoc } & T) | { ok: false; error: EditError };

/** A refused edit. */
export function refuse(code: EditErrorCode, message: string): { ok: false; error: EditError } {
  return { ok: false, error: { code, message } };
}
