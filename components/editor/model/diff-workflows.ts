import { isObject } from '@/server/engine/json';
import { deepEqual } from '@/server/engine/runtime/json-values';
import { mapNestedScopes } from './nested-scopes';
import { indexStates } from './state-index';
import type { JsonObject } from './types';

export type ChangeStatus = 'added' | 'removed' | 'changed' | 'unchanged';

/** One state of either version, matched by pointer; `fields` names what changed. */
export interface StateDiff {
  pointer: string;
  name: string;
  status: ChangeStatus;
  fields: string[];
}

/** A document-level field that differs: top-level members, and `asl.<field>` beside States. */
export interface FieldDiff {
  field: string;
  status: Exclude<ChangeStatus, 'unchanged'>;
}

export interface WorkflowDiff {
  states: StateDiff[];
  document: FieldDiff[];
  counts: Record<ChangeStatus, number>;
}

/**
 * How version `b` differs from version `a`. States are matched by pointer (a renamed or moved
 * state is one removed and one added); a state's changed fields are compared with its nested
 * scopes' States left out, so an edit inside a branch marks that branch's state, not also its
 * Parallel. States come in `a`'s document order, then those only `b` has. Never throws.
 */
export function diffWorkflows(a: unknown, b: unknown): WorkflowDiff {
  const before = objectStates(a);
  const after = objectStates(b);
  const states: StateDiff[] = [];
  for (const [pointer, { name, state }] of before) {
    const other = after.get(pointer);
    if (!other) states.push({ pointer, name, status: 'removed', fields: [] });
    else {
      const fields = changedFields(ownView(state), ownView(other.state)).map((f) => f.field);
      states.push({ pointer, name, status: fields.length > 0 ? 'changed' : 'unchanged', fields });
    }
  }
  for (const [pointer, { name }] of after) if (!before.has(pointer)) states.push({ pointer, name, status: 'added', fields: [] });
  const docA = isObject(a) ? a : {};
  const docB = isObject(b) ? b : {};
  const aslA = isObject(docA.asl) ? docA.asl : {};
  const aslB = isObject(docB.asl) ? docB.asl : {};
  const document = [
    ...changedFields(without(docA, 'asl'), without(docB, 'asl')),
    ...changedFields(without(aslA, 'States'), without(aslB, 'States')).map((f) => ({ ...f, field: `asl.${f.field}` })),
  ];
  const counts: Record<ChangeStatus, number> = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const s of states) counts[s.status]++;
  return { states, document, counts };
}

function objectStates(doc: unknown): Map<string, { name: string; state: JsonObject }> {
  const out = new Map<string, { name: string; state: JsonObject }>();
  for (const node of indexStates(doc).tree.states) if (isObject(node.value)) out.set(node.pointer, { name: node.name, state: node.value });
  return out;
}

/** The state with its nested scopes' States removed: those states are compared on their own. */
function ownView(state: JsonObject): JsonObject {
  return mapNestedScopes(state, (holder) => without(holder, 'States'));
}

function without(object: JsonObject, key: string): JsonObject {
  if (!Object.hasOwn(object, key)) return object;
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/** The members that differ, in `a`'s key order then `b`'s new keys. */
function changedFields(a: JsonObject, b: JsonObject): FieldDiff[] {
  const out: FieldDiff[] = [];
  for (const key of Object.keys(a)) {
    if (!Object.hasOwn(b, key)) out.push({ field: key, status: 'removed' });
    else if (!deepEqual(a[key], b[key])) out.push({ field: key, status: 'changed' });
  }
  for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) out.push({ field: key, status: 'added' });
  return out;
}
