import { COMPARISON_OPERATORS, type OperandKind } from '@/server/engine/asl/choice-operators';
import { isRfc3339Timestamp } from '@/server/engine/asl/timestamp';
import { hasOwn, isObject } from '@/server/engine/json';
import { newCondition } from '../model/new-choice-rule';
import type { JsonObject } from '../model/types';
import { parseNumber, type Parsed } from './json-text';

/**
 * The Choice rule builder's model. A rule is a comparison (`Variable` and one operator of
 * choice-operators.ts) or a combinator (`And`/`Or` over a list of rules, `Not` over one); only
 * top-level rules carry `Next`. Functions here return new rules and never change their input.
 */

export type Combinator = 'And' | 'Or' | 'Not';
const COMBINATOR_NAMES: readonly string[] = ['And', 'Or', 'Not'];

/** The operators as the builder's select groups them; every operator of choice-operators.ts is in one group. */
export const OPERATOR_GROUPS: ReadonlyArray<{ label: string; operators: readonly string[] }> = [
  { label: 'Combine rules', operators: ['And', 'Or', 'Not'] },
  {
    label: 'String',
    operators: ['StringEquals', 'StringLessThan', 'StringGreaterThan', 'StringLessThanEquals', 'StringGreaterThanEquals', 'StringMatches'],
  },
  {
    label: 'Number',
    operators: ['NumericEquals', 'NumericLessThan', 'NumericGreaterThan', 'NumericLessThanEquals', 'NumericGreaterThanEquals'],
  },
  { label: 'Boolean', operators: ['BooleanEquals'] },
  {
    label: 'Timestamp',
    operators: ['TimestampEquals', 'TimestampLessThan', 'TimestampGreaterThan', 'TimestampLessThanEquals', 'TimestampGreaterThanEquals'],
  },
  { label: 'Type tests', operators: ['IsPresent', 'IsNull', 'IsNumeric', 'IsString', 'IsBoolean', 'IsTimestamp'] },
  { label: 'Compare with another path', operators: [...COMPARISON_OPERATORS.keys()].filter((op) => op.endsWith('Path')) },
];

/** The rule's operator (comparison or combinator), or null when it has none it can read. */
export function ruleOperator(rule: unknown): string | null {
  if (!isObject(rule)) return null;
  return Object.keys(rule).find((k) => COMPARISON_OPERATORS.has(k) || COMBINATOR_NAMES.includes(k)) ?? null;
}

export const isCombinator = (op: string | null): op is Combinator => op !== null && COMBINATOR_NAMES.includes(op);

/** What a comparison operator compares with; `test` for the Is* operators (a boolean: is / is not). */
export function operandKind(op: string): OperandKind | 'test' {
  if (op.startsWith('Is')) return 'test';
  return COMPARISON_OPERATORS.get(op) ?? 'string';
}

/** The value a comparison starts with when its operator is chosen (`variable`: the path a path operand starts with). */
export function defaultOperand(kind: OperandKind | 'test', variable = ''): unknown {
  switch (kind) {
    case 'number':
      return 0;
    case 'boolean':
    case 'test':
      return true;
    case 'timestamp':
      return '2024-01-01T00:00:00Z';
    case 'pattern':
      return '*';
    case 'path':
      return variable;
    case 'string':
      return '';
  }
}

/** True when `value` is a value of `kind` (a string for paths, patterns and timestamps). */
function fits(kind: OperandKind | 'test', value: unknown): boolean {
  if (kind === 'number') return typeof value === 'number';
  if (kind === 'boolean' || kind === 'test') return typeof value === 'boolean';
  if (kind === 'timestamp') return typeof value === 'string' && isRfc3339Timestamp(value);
  if (kind === 'path') return typeof value === 'string' && value.startsWith('$');
  return typeof value === 'string';
}

/** The rule without its operator and Variable: what stays when the operator changes (Next, Comment). */
function frame(rule: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of ['Next', 'Comment']) if (hasOwn(rule, key)) out[key] = rule[key];
  return out;
}

/** The rule's condition alone, as a nested rule: without Next (nested rules take none) and Comment. */
export function condition(rule: JsonObject): JsonObject {
  const { Next: _n, Comment: _c, ...rest } = rule;
  return rest;
}

/** The first Variable in a rule or its nested rules, to keep when a combinator becomes a comparison. */
function firstVariable(rule: unknown, depth = 0): string | null {
  if (!isObject(rule) || depth > 32) return null;
  if (typeof rule.Variable === 'string') return rule.Variable;
  const nested = rule.And ?? rule.Or ?? (rule.Not !== undefined ? [rule.Not] : []);
  for (const r of Array.isArray(nested) ? nested : []) {
    const v = firstVariable(r, depth + 1);
    if (v !== null) return v;
  }
  return null;
}

/**
 * The rule with operator `op`, keeping what it can: a comparison keeps its Variable, and its
 * value when the new operator takes the same kind; a comparison made a combinator becomes its
 * first (And/Or) or only (Not) rule; And ↔ Or keep their rules; Not ↔ And/Or move the rule
 * across; a combinator made a comparison keeps the first Variable found inside it. Next and
 * Comment stay on the rule. `variable` is what a new comparison's Variable (or path operand)
 * starts with: a field of the Choice's input (new-choice-rule.ts), or empty for the user to choose.
 */
export function withOperator(rule: JsonObject, op: string, variable = ''): JsonObject {
  const from = ruleOperator(rule);
  if (from === op) return rule;
  const kept = frame(rule);
  if (isCombinator(op)) {
    const inner: unknown[] =
      from === 'And' || from === 'Or'
        ? Array.isArray(rule[from])
          ? (rule[from] as unknown[])
          : []
        : from === 'Not'
          ? [rule.Not]
          : from === null
            ? []
            : [condition(rule)];
    const list = inner.length > 0 ? inner : [newCondition(variable)];
    return { ...kept, [op]: op === 'Not' ? list[0] : list };
  }
  const kind = operandKind(op);
  const old = from !== null && !isCombinator(from) ? rule[from] : undefined;
  const own = isCombinator(from) ? firstVariable(rule) : typeof rule.Variable === 'string' ? rule.Variable : null;
  return { ...kept, Variable: own ?? variable, [op]: fits(kind, old) ? old : defaultOperand(kind, variable) };
}

/** The text an operand input shows for `value`. */
export function operandText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

/**
 * Reads an operand input: a number for Numeric operators, an RFC 3339 timestamp for Timestamp
 * ones, a pattern whose backslashes escape only `*` or `\` for StringMatches, text otherwise
 * (paths are checked by the path input). Booleans come from a select, never from text.
 */
export function parseOperand(kind: OperandKind | 'test', text: string): Parsed<unknown> {
  switch (kind) {
    case 'number': {
      const n = parseNumber(text);
      if (!n.ok) return n;
      return n.value === undefined ? { ok: false, message: 'Enter a number.' } : { ok: true, value: n.value };
    }
    case 'timestamp':
      return isRfc3339Timestamp(text)
        ? { ok: true, value: text }
        : { ok: false, message: 'An RFC 3339 timestamp, e.g. 2024-07-01T09:00:00Z.' };
    case 'pattern':
      return /\\(?!\*)/.test(text.replace(/\\\\/g, ''))
        ? { ok: false, message: 'A backslash may escape only * or another backslash.' }
        : { ok: true, value: text };
    case 'boolean':
    case 'test':
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false, message: 'true or false.' };
    default:
      return { ok: true, value: text };
  }
}

/** The sub-rules of an And/Or rule, the one rule of a Not (as a list of one), else none. */
export function subRules(rule: JsonObject): unknown[] {
  const op = ruleOperator(rule);
  if (op === 'And' || op === 'Or') return Array.isArray(rule[op]) ? (rule[op] as unknown[]) : [];
  if (op === 'Not') return [rule.Not];
  return [];
}

/** A new rule on `variable` (new-choice-rule.ts), going to `next` when given (a top-level rule). */
export function newRule(variable: string, next?: string): JsonObject {
  return next === undefined ? newCondition(variable) : { ...newCondition(variable), Next: next };
}
