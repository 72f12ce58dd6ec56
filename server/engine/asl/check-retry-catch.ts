import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue } from '../issues.ts';
import { checkEnum, checkKnownKeys, checkNumber, checkString, requireField } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';

const RETRIER_FIELDS = ['ErrorEquals', 'IntervalSeconds', 'MaxAttempts', 'BackoffRate', 'MaxDelaySeconds', 'JitterStrategy', 'Comment'];
const CATCHER_FIELDS = ['ErrorEquals', 'Next', 'ResultPath', 'Comment'];
/** AWS limits: intervals and attempts up to 99999999, delays under one year. */
const MAX_COUNT = 99_999_999;
const MAX_DELAY_SECONDS = 31_622_400;

/**
 * Retry and Catch of Task, Parallel and Map. Both are arrays whose members each have a non-empty
 * ErrorEquals of strings; `States.ALL` must appear alone and its retrier/catcher must be last.
 * Catchers need Next (the target is checked with the graph) and may redirect the error output
 * with a ResultPath (a Reference Path into the input, or null).
 */
export function checkRetryAndCatch(state: JsonObject, base: string, out: ValidationIssue[]): void {
  forEachEntry(state, 'Retry', base, out, (retrier, at) => {
    checkKnownKeys(retrier, RETRIER_FIELDS, at, out, 'a retrier');
    checkNumber(retrier, 'IntervalSeconds', at, out, { integer: true, min: 1, max: MAX_COUNT });
    checkNumber(retrier, 'MaxAttempts', at, out, { integer: true, min: 0, max: MAX_COUNT });
    checkNumber(retrier, 'BackoffRate', at, out, { min: 1 });
    checkNumber(retrier, 'MaxDelaySeconds', at, out, { integer: true, min: 1, max: MAX_DELAY_SECONDS });
    checkEnum(retrier, 'JitterStrategy', at, out, ['FULL', 'NONE']);
    checkString(retrier, 'Comment', at, out);
  });
  forEachEntry(state, 'Catch', base, out, (catcher, at) => {
    checkKnownKeys(catcher, CATCHER_FIELDS, at, out, 'a catcher');
    if (requireField(catcher, 'Next', at, out, "a catcher's Next")) checkString(catcher, 'Next', at, out);
    checkPathField(catcher, 'ResultPath', at, out, 'result', true);
    checkString(catcher, 'Comment', at, out);
  });
}

function forEachEntry(
  state: JsonObject,
  field: 'Retry' | 'Catch',
  base: string,
  out: ValidationIssue[],
  check: (entry: JsonObject, pointer: string) => void,
): void {
  if (!hasOwn(state, field)) return;
  const list = state[field];
  const fieldPointer = child(base, field);
  if (!Array.isArray(list)) {
    out.push(issue(fieldPointer, 'asl.invalid_type', `${field} must be an array, got ${jsonTypeName(list)}`));
    return;
  }
  const what = field === 'Retry' ? 'retrier' : 'catcher';
  list.forEach((entry, i) => {
    const at = child(fieldPointer, i);
    if (!isObject(entry)) {
      out.push(issue(at, 'asl.invalid_type', `a ${what} must be an object, got ${jsonTypeName(entry)}`));
      return;
    }
    checkErrorEquals(entry, at, out, i === list.length - 1, what);
    check(entry, at);
  });
}

function checkErrorEquals(entry: JsonObject, at: string, out: ValidationIssue[], isLast: boolean, what: string): void {
  const pointer = child(at, 'ErrorEquals');
  const list = entry.ErrorEquals;
  if (!Array.isArray(list) || list.length === 0) {
    const why =
      list === undefined ? 'is required' : Array.isArray(list) ? 'must not be empty' : `must be an array, got ${jsonTypeName(list)}`;
    out.push(issue(pointer, 'asl.invalid_error_equals', `ErrorEquals ${why}`));
    return;
  }
  list.forEach((name, j) => {
    if (typeof name !== 'string' || name === '') {
      out.push(issue(child(pointer, j), 'asl.invalid_error_equals', `error names must be non-empty strings, got ${jsonTypeName(name)}`));
    }
  });
  if (!list.includes('States.ALL')) return;
  if (list.length > 1) out.push(issue(pointer, 'asl.states_all_not_alone', 'States.ALL must be the only error name in its ErrorEquals'));
  if (!isLast) out.push(issue(at, 'asl.states_all_not_last', `the ${what} matching States.ALL must be the last one`));
}
