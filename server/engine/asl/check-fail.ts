import type { ValidationIssue } from '../../validation/issue.ts';
import type { JsonObject } from '../json.ts';
import { checkExclusive, checkString } from './field-rules.ts';
import { checkPathField } from './path-fields.ts';

/** Fail: Error/ErrorPath and Cause/CausePath, at most one of each pair; the paths may be intrinsics. */
export function checkFail(state: JsonObject, base: string, out: ValidationIssue[]): void {
  checkExclusive(state, ['Error', 'ErrorPath'], base, out);
  checkExclusive(state, ['Cause', 'CausePath'], base, out);
  checkString(state, 'Error', base, out);
  checkString(state, 'Cause', base, out);
  checkPathField(state, 'ErrorPath', base, out, 'pathOrIntrinsic');
  checkPathField(state, 'CausePath', base, out, 'pathOrIntrinsic');
}
