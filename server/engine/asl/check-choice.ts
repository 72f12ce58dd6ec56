import type { ValidationIssue } from '../../validation/issue.ts';
import type { JsonObject } from '../json.ts';
import { child, issue } from '../issues.ts';
import { jsonTypeName } from '../json.ts';
import { checkString, requireField } from './field-rules.ts';
import { checkChoiceRule } from './choice-rule.ts';

/** A Choice has a non-empty Choices array of rules and an optional Default (targets: graph check). */
export function checkChoice(state: JsonObject, base: string, out: ValidationIssue[]): void {
  checkString(state, 'Default', base, out);
  if (!requireField(state, 'Choices', base, out)) return;
  const choices = state.Choices;
  const at = child(base, 'Choices');
  if (!Array.isArray(choices)) {
    out.push(issue(at, 'asl.invalid_type', `Choices must be an array, got ${jsonTypeName(choices)}`));
  } else if (choices.length === 0) {
    out.push(issue(at, 'asl.empty_array', 'Choices must contain at least one rule'));
  } else {
    choices.forEach((rule, i) => checkChoiceRule(rule, child(at, i), true, out));
  }
}
