import { hasOwn } from '../json.ts';
import { pathValue } from './evaluate-path.ts';
import { preview } from './json-values.ts';
import { runtimeError } from './states-error.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Where a finished state goes: `Next`, or the end of its scope (`End: true`; Succeed and Fail
 * always end, the Fail's error coming from failStateError). A Choice picks its successor with
 * evaluateChoice, so asking here is States.Runtime, as is a state with neither.
 */
export function nextOrEnd(state: AslState): { next: string } | { end: true } {
  if (state.Type === 'Choice') runtimeError('a Choice state has no Next of its own; use evaluateChoice');
  if (typeof state.Next === 'string') return { next: state.Next };
  if (state.End === true || state.Type === 'Succeed' || state.Type === 'Fail') return { end: true };
  return runtimeError(`a ${String(state.Type)} state needs Next or End: true`);
}

/**
 * The state's timeout in milliseconds (TimeoutSeconds, or TimeoutSecondsPath read from `input`,
 * the state input the caller resolves it against), or undefined when it has none. The value must
 * be a positive integer, else States.Runtime.
 */
export function stateTimeoutMs(state: AslState, input: Json, context?: ContextObject): number | undefined {
  return secondsField(state, 'TimeoutSeconds', input, context);
}

/** Like stateTimeoutMs, for HeartbeatSeconds / HeartbeatSecondsPath. */
export function heartbeatMs(state: AslState, input: Json, context?: ContextObject): number | undefined {
  return secondsField(state, 'HeartbeatSeconds', input, context);
}

function secondsField(state: AslState, name: string, input: Json, context: ContextObject | undefined): number | undefined {
  const pathName = `${name}Path`;
  let value: unknown;
  if (hasOwn(state, name)) {
    value = state[name];
  } else if (hasOwn(state, pathName)) {
    const path = state[pathName];
    if (typeof path !== 'string') runtimeError(`${pathName} must be a path string`);
    value = pathValue(path, input, context);
  } else {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    runtimeError(`${hasOwn(state, name) ? name : pathName} must give a positive integer number of seconds, got ${preview(value)}`);
  }
  return value * 1000;
}
