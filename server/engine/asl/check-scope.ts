import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, isObject, jsonTypeName } from '../json.ts';
import { child, issue } from '../issues.ts';
import { checkKnownKeys, checkString, requireField } from './field-rules.ts';

/**
 * The object that holds a state machine: the root `asl`, a Parallel branch, or a Map processor.
 * It needs StartAt (a string; whether it names a state is the graph check's job) and a States
 * object. `extraFields` are the holder-specific fields besides StartAt, States and Comment.
 */
export function checkScopeHolder(
  holder: unknown,
  pointer: string,
  what: string,
  extraFields: readonly string[],
  out: ValidationIssue[],
): holder is JsonObject {
  if (!isObject(holder)) {
    out.push(issue(pointer, 'asl.invalid_type', `${what} must be an object, got ${jsonTypeName(holder)}`));
    return false;
  }
  checkKnownKeys(holder, ['StartAt', 'States', 'Comment', ...extraFields], pointer, out, what);
  if (requireField(holder, 'StartAt', pointer, out)) checkString(holder, 'StartAt', pointer, out);
  if (requireField(holder, 'States', pointer, out) && !isObject(holder.States)) {
    out.push(issue(child(pointer, 'States'), 'asl.invalid_type', `States must be an object, got ${jsonTypeName(holder.States)}`));
  }
  checkString(holder, 'Comment', pointer, out);
  return true;
}
