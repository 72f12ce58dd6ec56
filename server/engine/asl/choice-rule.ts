import type { ValidationIssue } from '../../validation/issue.ts';
import { type JsonObject, hasOwn, isObject, jsonTypeName } from '../json.ts';
import { child, issue, quote } from '../issues.ts';
import { COMBINATORS, COMPARISON_OPERATORS, type OperandKind } from './choice-operators.ts';
import { checkPathValue } from './path-fields.ts';
import { MAX_STRING_MATCHES_WILDCARDS, wildcardCount } from './string-pattern.ts';
import { isRfc3339Timestamp } from './timestamp.ts';

/** Nesting limit for And/Or/Not, so a generated rule tree cannot exhaust the stack. */
const MAX_RULE_DEPTH = 32;

/**
 * Checks one Choice rule. A rule is either a comparison (`Variable` plus exactly one operator) or
 * a combinator (`And`/`Or` with a non-empty array of rules, or `Not` with one rule), recursively.
 * Only top-level rules carry `Next` (required there, forbidden in nested rules); `Comment` is
 * allowed anywhere. Reports `asl.choice_rule_*` codes at the offending field.
 */
export function checkChoiceRule(rule: unknown, pointer: string, topLevel: boolean, out: ValidationIssue[], depth = 0): void {
  if (!isObject(rule)) {
    out.push(issue(pointer, 'asl.invalid_type', `a Choice rule must be an object, got ${jsonTypeName(rule)}`));
    return;
  }
  if (depth > MAX_RULE_DEPTH) {
    out.push(issue(pointer, 'asl.choice_rule_operator', `Choice rules nest deeper than ${MAX_RULE_DEPTH} levels`));
    return;
  }
  const keys = Object.keys(rule);
  const operators = keys.filter((k) => COMPARISON_OPERATORS.has(k) || (COMBINATORS as readonly string[]).includes(k));
  for (const key of keys) {
    if (key !== 'Variable' && key !== 'Next' && key !== 'Comment' && !operators.includes(key)) {
      out.push(issue(child(pointer, key), 'asl.choice_rule_unknown_field', `${quote(key)} is not a Choice rule field`));
    }
  }
  checkNext(rule, pointer, topLevel, out);
  if (operators.length === 0) {
    out.push(issue(pointer, 'asl.choice_rule_operator', 'a Choice rule needs a comparison operator (with Variable) or And/Or/Not'));
    return;
  }
  if (operators.length > 1) {
    out.push(
      issue(
        child(pointer, operators[1]!),
        'asl.choice_rule_operator',
        `a Choice rule takes exactly one operator; found ${operators.join(', ')}`,
      ),
    );
    return;
  }
  const operator = operators[0]!;
  const kind = COMPARISON_OPERATORS.get(operator);
  if (kind) checkComparison(rule, pointer, operator, kind, out);
  else checkCombinator(rule, pointer, operator, out, depth);
}

function checkNext(rule: JsonObject, pointer: string, topLevel: boolean, out: ValidationIssue[]): void {
  if (topLevel && !hasOwn(rule, 'Next')) {
    out.push(issue(child(pointer, 'Next'), 'asl.choice_rule_next', 'a top-level Choice rule needs Next'));
  } else if (topLevel && typeof rule.Next !== 'string') {
    out.push(issue(child(pointer, 'Next'), 'asl.invalid_type', `Next must be a string, got ${jsonTypeName(rule.Next)}`));
  } else if (!topLevel && hasOwn(rule, 'Next')) {
    out.push(issue(child(pointer, 'Next'), 'asl.choice_rule_next', 'rules nested in And/Or/Not cannot have Next'));
  }
}

function checkComparison(rule: JsonObject, pointer: string, operator: string, kind: OperandKind, out: ValidationIssue[]): void {
  if (!hasOwn(rule, 'Variable')) {
    out.push(issue(child(pointer, 'Variable'), 'asl.choice_rule_variable', `${operator} compares a Variable, which is missing`));
  } else {
    checkPathValue(rule.Variable, child(pointer, 'Variable'), out, 'reference', 'Variable');
  }
  const at = child(pointer, operator);
  const value = rule[operator];
  if (kind === 'path') {
    checkPathValue(value, at, out, 'reference', operator);
    return;
  }
  const problem = operandProblem(kind, value);
  if (problem) out.push(issue(at, 'asl.choice_rule_value', `${operator} ${problem}`));
}

function operandProblem(kind: Exclude<OperandKind, 'path'>, value: unknown): string | null {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? null : `takes a string, got ${jsonTypeName(value)}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `takes a number, got ${jsonTypeName(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `takes a boolean, got ${jsonTypeName(value)}`;
    case 'timestamp':
      return typeof value === 'string' && isRfc3339Timestamp(value) ? null : `takes an RFC 3339 timestamp string, got ${quote(value)}`;
    case 'pattern':
      return patternProblem(value);
  }
}

function checkCombinator(rule: JsonObject, pointer: string, operator: string, out: ValidationIssue[], depth: number): void {
  if (hasOwn(rule, 'Variable')) {
    out.push(issue(child(pointer, 'Variable'), 'asl.choice_rule_variable', `${operator} combines rules and takes no Variable`));
  }
  const at = child(pointer, operator);
  const value = rule[operator];
  if (operator === 'Not') {
    checkChoiceRule(value, at, false, out, depth + 1);
  } else if (!Array.isArray(value) || value.length === 0) {
    out.push(
      issue(
        at,
        'asl.choice_rule_operator',
        `${operator} takes a non-empty array of rules, got ${Array.isArray(value) ? 'an empty array' : jsonTypeName(value)}`,
      ),
    );
  } else {
    value.forEach((r, i) => checkChoiceRule(r, child(at, i), false, out, depth + 1));
  }
}

function patternProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `takes a string pattern, got ${jsonTypeName(value)}`;
  // Only '*' is special; a backslash may escape only '*' or another backslash.
  if (/\\(?!\*)/.test(value.replace(/\\\\/g, ''))) return 'pattern may escape only * and \\ with a backslash';
  const wildcards = wildcardCount(value);
  if (wildcards <= MAX_STRING_MATCHES_WILDCARDS) return null;
  const limit = MAX_STRING_MATCHES_WILDCARDS;
  return `pattern has ${wildcards} wildcards (*); at most ${limit} are allowed, as each one adds a pass over the compared string`;
}
