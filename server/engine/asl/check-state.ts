import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { checkBoolean, checkString } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';
import { checkPayloadTemplate } from './payload-template.ts';
import { checkRetryAndCatch } from './check-retry-catch.ts';
import { checkTask } from './check-task.ts';
import { checkWait } from './check-wait.ts';
import { checkFail } from './check-fail.ts';
import { checkChoice } from './check-choice.ts';
import { checkParallel } from './check-parallel.ts';
import { checkMap } from './check-map.ts';
import { KNOWN_FIELDS, STATE_TYPES, UNSUPPORTED_FIELDS, type StateType, allows, isStateType } from './state-fields.ts';
import { checkQueryLanguage } from './query-language.ts';

/** AWS rejects state names longer than 80 characters; the control plane keys states by name. */
export const MAX_STATE_NAME_LENGTH = 80;

/**
 * The control plane names a state's instances by scope and name, `/` separating them
 * (`EachCall[3]/Transcribe`: server/execution/instances.ts), so a `/` inside a name would be read
 * as a scope and its run would never advance. Names carrying it are refused, at every depth.
 */
export const STATE_NAME_SEPARATOR = '/';

const TYPE_CHECKS: Partial<Record<StateType, (s: JsonObject, base: string, out: ValidationIssue[]) => void>> = {
  Task: checkTask,
  Wait: checkWait,
  Fail: checkFail,
  Choice: checkChoice,
  Parallel: checkParallel,
  Map: checkMap,
};

/**
 * Checks one state on its own (its graph edges are checked by check-graph.ts). Fields a type does
 * not allow are reported once as misplaced and then not checked further.
 */
export function checkState(name: string, state: unknown, base: string, out: ValidationIssue[]): void {
  if (name.length > MAX_STATE_NAME_LENGTH) {
    out.push(issue(base, 'asl.state_name_too_long', `state name is ${name.length} characters; the limit is ${MAX_STATE_NAME_LENGTH}`));
  }
  if (name.includes(STATE_NAME_SEPARATOR)) {
    const why = 'which the engine reserves to separate a Map iteration from the states inside it (EachCall[3]/Transcribe)';
    out.push(issue(base, 'asl.invalid_state_name', `state name ${quote(name)} contains '/', ${why}; rename the state`));
  }
  if (!isObject(state)) {
    out.push(issue(base, 'asl.invalid_type', `a state must be an object, got ${jsonTypeName(state)}`));
    return;
  }
  if (!hasOwn(state, 'Type')) {
    out.push(issue(child(base, 'Type'), 'asl.missing_field', 'Type is required'));
    return;
  }
  if (!isStateType(state.Type)) {
    out.push(
      issue(child(base, 'Type'), 'asl.unknown_state_type', `Type must be one of ${STATE_TYPES.join(', ')}, got ${quote(state.Type)}`),
    );
    return;
  }
  const type = state.Type;
  checkFieldsAllowed(state, type, base, out);
  checkString(state, 'Comment', base, out);
  if (hasOwn(state, 'QueryLanguage')) checkQueryLanguage(state.QueryLanguage, child(base, 'QueryLanguage'), out);
  if (allows(type, 'Next')) checkFlow(state, base, out);
  if (allows(type, 'InputPath')) {
    checkPathField(state, 'InputPath', base, out, 'path', true);
    checkPathField(state, 'OutputPath', base, out, 'path', true);
  }
  if (allows(type, 'ResultPath')) checkPathField(state, 'ResultPath', base, out, 'result', true);
  for (const field of ['Parameters', 'ResultSelector', 'ItemSelector'] as const) {
    if (allows(type, field) && hasOwn(state, field)) checkPayloadTemplate(state[field], child(base, field), out);
  }
  if (allows(type, 'Retry')) checkRetryAndCatch(state, base, out);
  TYPE_CHECKS[type]?.(state, base, out);
}

function checkFieldsAllowed(state: JsonObject, type: StateType, base: string, out: ValidationIssue[]): void {
  for (const field of Object.keys(state)) {
    if (allows(type, field)) continue;
    const at = child(base, field);
    if (hasOwn(UNSUPPORTED_FIELDS, field)) {
      out.push(issue(at, 'asl.unsupported_field', `${field} is not supported in this dialect (${UNSUPPORTED_FIELDS[field]})`));
    } else if (KNOWN_FIELDS.has(field)) {
      out.push(issue(at, 'asl.field_not_allowed', `${field} is not allowed on a ${type} state`));
    } else {
      out.push(issue(at, 'asl.unknown_field', `${quote(field)} is not a field of any state type`));
    }
  }
}

/** Pass, Task, Wait, Parallel and Map continue with exactly one of `Next` or `End: true`. */
function checkFlow(state: JsonObject, base: string, out: ValidationIssue[]): void {
  checkString(state, 'Next', base, out);
  checkBoolean(state, 'End', base, out);
  if (hasOwn(state, 'Next') && hasOwn(state, 'End')) {
    out.push(issue(child(base, 'End'), 'asl.next_and_end', 'a state has either Next or End, never both'));
  } else if (!hasOwn(state, 'Next') && (state.End === undefined || state.End === false)) {
    // (an End of the wrong type is reported by its type check alone)
    out.push(issue(base, 'asl.missing_transition', 'a non-terminal state needs Next, or End: true'));
  }
}
