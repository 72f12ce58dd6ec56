import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isInteger, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';

/**
 * Small typed field checks shared by the state checkers. Each appends to `out` and reports at the
 * field's own pointer: `asl.invalid_type` for a wrong JSON type, `asl.invalid_value` for a value of
 * the right type outside its range, `asl.missing_field` for an absent required field.
 */
type Out = ValidationIssue[];

export function requireField(obj: JsonObject, key: string, base: string, out: Out, what = key): boolean {
  if (hasOwn(obj, key)) return true;
  out.push(issue(child(base, key), 'asl.missing_field', `${what} is required`));
  return false;
}

export function checkString(obj: JsonObject, key: string, base: string, out: Out): void {
  if (hasOwn(obj, key) && typeof obj[key] !== 'string') {
    out.push(issue(child(base, key), 'asl.invalid_type', `${key} must be a string, got ${jsonTypeName(obj[key])}`));
  }
}

export function checkBoolean(obj: JsonObject, key: string, base: string, out: Out): void {
  if (hasOwn(obj, key) && typeof obj[key] !== 'boolean') {
    out.push(issue(child(base, key), 'asl.invalid_type', `${key} must be a boolean, got ${jsonTypeName(obj[key])}`));
  }
}

export function checkObject(obj: JsonObject, key: string, base: string, out: Out): void {
  const v = obj[key];
  if (hasOwn(obj, key) && (typeof v !== 'object' || v === null || Array.isArray(v))) {
    out.push(issue(child(base, key), 'asl.invalid_type', `${key} must be an object, got ${jsonTypeName(v)}`));
  }
}

export function checkNumber(
  obj: JsonObject,
  key: string,
  base: string,
  out: Out,
  range: { integer?: boolean; min?: number; max?: number },
): void {
  if (!hasOwn(obj, key)) return;
  const v = obj[key];
  const kind = range.integer ? 'an integer' : 'a number';
  if (typeof v !== 'number' || !Number.isFinite(v) || (range.integer && !isInteger(v))) {
    out.push(issue(child(base, key), 'asl.invalid_type', `${key} must be ${kind}, got ${jsonTypeName(v)}`));
  } else if ((range.min !== undefined && v < range.min) || (range.max !== undefined && v > range.max)) {
    const bounds = [range.min !== undefined ? `>= ${range.min}` : '', range.max !== undefined ? `<= ${range.max}` : '']
      .filter(Boolean)
      .join(' and ');
    out.push(issue(child(base, key), 'asl.invalid_value', `${key} must be ${bounds}, got ${v}`));
  }
}

export function checkEnum(obj: JsonObject, key: string, base: string, out: Out, values: readonly string[]): void {
  if (hasOwn(obj, key) && !values.includes(obj[key] as string)) {
    out.push(issue(child(base, key), 'asl.invalid_value', `${key} must be one of ${values.join(', ')}, got ${quote(obj[key])}`));
  }
}

/** At most one of `keys` may be present; the second one found is reported. */
export function checkExclusive(obj: JsonObject, keys: readonly string[], base: string, out: Out): void {
  const present = keys.filter((k) => hasOwn(obj, k));
  if (present.length > 1) {
    out.push(issue(child(base, present[1]!), 'asl.mutually_exclusive', `${present.join(' and ')} cannot be used together`));
  }
}

/** Reports keys outside `allowed` as `asl.unknown_field` (for sub-objects such as retriers and branches). */
export function checkKnownKeys(obj: JsonObject, allowed: readonly string[], base: string, out: Out, what: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) out.push(issue(child(base, key), 'asl.unknown_field', `${quote(key)} is not a field of ${what}`));
  }
}
