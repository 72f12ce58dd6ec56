import { hasOwn } from '../json.ts';
import { describeValue } from './json-values.ts';
import { evaluateDynamic } from './payload-template.ts';
import { runtimeError } from './states-error.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Fail: the error a Fail state raises. `Error`/`Cause` are literal strings; `ErrorPath`/
 * `CausePath` are a path or an intrinsic call evaluated against `input` (the state's raw input:
 * a Fail state has no InputPath) and must produce a string, else States.Runtime.
 *
 * Decision: the spec makes Error and Cause optional and defines no default name, and AWS reports
 * a Fail state without Error as a failure with no error name. The runtime's errors are strings, so
 * "no name" is the empty string (and likewise for the cause). `States.ALL` and
 * `States.TaskFailed` still match it in an enclosing Catch; no `States.*` name is invented.
 */
export function failStateError(state: AslState, input: Json, context?: ContextObject): { error: string; cause: string } {
  return {
    error: pick(state, 'Error', 'ErrorPath', input, context),
    cause: pick(state, 'Cause', 'CausePath', input, context),
  };
}

function pick(state: AslState, literal: string, pathField: string, input: Json, context: ContextObject | undefined): string {
  if (hasOwn(state, literal)) {
    const value = state[literal];
    return typeof value === 'string' ? value : runtimeError(`${literal} must be a string, got ${describeValue(value)}`);
  }
  if (!hasOwn(state, pathField)) return '';
  const expression = state[pathField];
  if (typeof expression !== 'string') runtimeError(`${pathField} must be a path or an intrinsic call`);
  const value = evaluateDynamic(expression, input, context);
  return typeof value === 'string' ? value : runtimeError(`${pathField} must give a string, got ${describeValue(value)}`);
}
