import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, jsonTypeName } from '../json.ts';
import { child, issue } from '../issues.ts';
import { requireField } from './field-rules.ts';
import { checkScopeHolder } from './check-scope.ts';

/** A Parallel has a non-empty Branches array; each branch is a closed state machine. */
export function checkParallel(state: JsonObject, base: string, out: ValidationIssue[]): void {
  if (!requireField(state, 'Branches', base, out)) return;
  const branches = state.Branches;
  const at = child(base, 'Branches');
  if (!Array.isArray(branches)) {
    out.push(issue(at, 'asl.invalid_type', `Branches must be an array, got ${jsonTypeName(branches)}`));
  } else if (branches.length === 0) {
    out.push(issue(at, 'asl.empty_array', 'Branches must contain at least one branch'));
  } else {
    branches.forEach((branch, i) => checkScopeHolder(branch, child(at, i), 'a Parallel branch', [], out));
  }
}
