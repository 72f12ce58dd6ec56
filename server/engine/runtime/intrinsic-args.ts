import { isObject } from '../json.ts';
import type { IntrinsicCall } from '../intrinsics/intrinsic-ast.ts';
import { describeValue } from './json-values.ts';
import { STATES, StatesError } from './states-error.ts';
import type { RandomSource } from './types.ts';

/**
 * Shared by the intrinsic implementations: run-time argument checks. The parser already checked
 * arity and the kinds of literal arguments; values that come from paths or nested calls are only
 * known now, so every implementation checks what it receives and fails with
 * States.IntrinsicFailure, naming the function and the argument.
 */
export interface IntrinsicEnv {
  random: RandomSource;
}

export type IntrinsicImpl = (args: unknown[], call: IntrinsicCall, env: IntrinsicEnv) => unknown;

export function intrinsicFailure(call: IntrinsicCall, message: string): never {
  throw new StatesError(STATES.IntrinsicFailure, `${call.name}: ${message}`);
}

function bad(call: IntrinsicCall, i: number, expected: string, value: unknown): never {
  return intrinsicFailure(call, `argument ${i + 1} must be ${expected}, got ${describeValue(value)}`);
}

export function stringArg(call: IntrinsicCall, args: unknown[], i: number): string {
  const v = args[i];
  return typeof v === 'string' ? v : bad(call, i, 'a string', v);
}

export function numberArg(call: IntrinsicCall, args: unknown[], i: number): number {
  const v = args[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : bad(call, i, 'a number', v);
}

export function integerArg(call: IntrinsicCall, args: unknown[], i: number): number {
  const v = args[i];
  return typeof v === 'number' && Number.isInteger(v) ? v : bad(call, i, 'an integer', v);
}

export function arrayArg(call: IntrinsicCall, args: unknown[], i: number): unknown[] {
  const v = args[i];
  return Array.isArray(v) ? v : bad(call, i, 'an array', v);
}

export function objectArg(call: IntrinsicCall, args: unknown[], i: number): Record<string, unknown> {
  const v = args[i];
  return isObject(v) ? v : bad(call, i, 'an object', v);
}

export function booleanArg(call: IntrinsicCall, args: unknown[], i: number): boolean {
  const v = args[i];
  return typeof v === 'boolean' ? v : bad(call, i, 'a boolean', v);
}

/**
 * The compact JSON text of a value. Data nested deeper than the engine can serialise (JSON.stringify
 * recurses) is this call's failure rather than a crash of the worker.
 */
export function jsonText(call: IntrinsicCall, value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    return intrinsicFailure(call, `the value cannot be turned into JSON text (${(e as Error).message})`);
  }
}
