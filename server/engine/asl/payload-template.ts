import type { ValidationIssue } from '../../validation/issue.ts';
import { isObject, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { parsePath } from '../paths/parse-path.ts';
import { parseIntrinsic } from '../intrinsics/parse-intrinsic.ts';

/**
 * Checks a Payload Template (Parameters, ResultSelector, ItemSelector, Credentials, ...), recursing
 * through nested objects and arrays. A key ending in `.$` takes its value from a path (`$...`,
 * `$$...`) or an intrinsic call (`States.X(...)`), so its value must be a string that parses as
 * one; other keys are literal values. Because the interpreter strips `.$`, `a` and `a.$` in one
 * object would produce the same key: that is reported as `asl.payload_duplicate_key`.
 */
export function checkPayloadTemplate(value: unknown, pointer: string, out: ValidationIssue[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkPayloadTemplate(item, child(pointer, i), out));
    return;
  }
  if (!isObject(value)) return;
  const plainKeys = new Set(Object.keys(value).filter((k) => !k.endsWith('.$')));
  for (const [key, v] of Object.entries(value)) {
    const at = child(pointer, key);
    if (!key.endsWith('.$')) {
      checkPayloadTemplate(v, at, out);
      continue;
    }
    const name = key.slice(0, -2);
    if (plainKeys.has(name)) {
      out.push(issue(at, 'asl.payload_duplicate_key', `${quote(key)} and ${quote(name)} both produce the field ${quote(name)}`));
    }
    checkDynamicValue(v, at, key, out);
  }
}

/** The value of a `.$` field: a path or an intrinsic call, as a string. */
export function checkDynamicValue(v: unknown, pointer: string, key: string, out: ValidationIssue[]): void {
  if (typeof v !== 'string') {
    out.push(
      issue(
        pointer,
        'asl.payload_value_type',
        `${quote(key)} ends in '.$', so its value must be a path or intrinsic string, got ${jsonTypeName(v)}`,
      ),
    );
    return;
  }
  if (v.startsWith('States.')) {
    const call = parseIntrinsic(v);
    if (!call.ok) out.push(issue(pointer, 'asl.invalid_intrinsic', `${quote(key)}: ${call.error} (at offset ${call.position})`));
    return;
  }
  const parsed = parsePath(v);
  if (!parsed.ok) {
    const hint = v.startsWith('$') ? parsed.error : `a '.$' value must be a path ($...) or an intrinsic call (States.*)`;
    out.push(issue(pointer, 'asl.invalid_path', `${quote(key)} ${quote(v)}: ${hint} (at offset ${parsed.position})`));
  }
}
