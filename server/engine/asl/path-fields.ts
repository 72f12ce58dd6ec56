import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { parsePath } from '../paths/parse-path.ts';
import { parseIntrinsic } from '../intrinsics/parse-intrinsic.ts';

/**
 * How a path-valued field is read:
 * - `path`: any JSONPath (`$...` input or `$$...` context), e.g. InputPath, OutputPath.
 * - `reference`: a Reference Path (names one node), e.g. ItemsPath, Choice Variable, SecondsPath.
 * - `result`: a Reference Path into the state input (`$`), for ResultPath: it says where to write.
 * - `pathOrIntrinsic`: a path or an intrinsic call, e.g. Fail ErrorPath/CausePath.
 */
export type PathRule = 'path' | 'reference' | 'result' | 'pathOrIntrinsic';

/** Checks `obj[key]` if present; `nullable` admits JSON null (InputPath/OutputPath/ResultPath). */
export function checkPathField(obj: JsonObject, key: string, base: string, out: ValidationIssue[], rule: PathRule, nullable = false): void {
  if (!hasOwn(obj, key)) return;
  const v = obj[key];
  if (v === null && nullable) return;
  checkPathValue(v, child(base, key), out, rule, key);
}

export function checkPathValue(value: unknown, pointer: string, out: ValidationIssue[], rule: PathRule, what: string): void {
  if (typeof value !== 'string') {
    out.push(issue(pointer, 'asl.invalid_type', `${what} must be a path string, got ${jsonTypeName(value)}`));
    return;
  }
  if (rule === 'pathOrIntrinsic' && value.startsWith('States.')) {
    const call = parseIntrinsic(value);
    if (!call.ok) out.push(issue(pointer, 'asl.invalid_intrinsic', `${what}: ${call.error} (at offset ${call.position})`));
    return;
  }
  const parsed = parsePath(value);
  if (!parsed.ok) {
    out.push(issue(pointer, 'asl.invalid_path', `${what} ${quote(value)}: ${parsed.error} (at offset ${parsed.position})`));
  } else if ((rule === 'reference' || rule === 'result') && !parsed.isReferencePath) {
    out.push(
      issue(
        pointer,
        'asl.invalid_reference_path',
        `${what} must be a Reference Path (only .name, ['name'] and [index] steps), got ${quote(value)}`,
      ),
    );
  } else if (rule === 'result' && parsed.ast.root !== '$') {
    out.push(
      issue(
        pointer,
        'asl.invalid_reference_path',
        `${what} writes into the state input and must start with '$', not the context object '$$'`,
      ),
    );
  }
}
