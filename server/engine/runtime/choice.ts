import { COMPARISON_OPERATORS } from '../asl/choice-operators.ts';
import { hasOwn, isObject } from '../json.ts';
import { compareChoice } from './choice-compare.ts';
import { chargeCompute } from './compute-budget.ts';
import { resolvePath } from './evaluate-path.ts';
import { STATES, StatesError, runtimeError } from './states-error.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Choice: the Next of the first rule (in order) that matches `input` (the effective input, after
 * InputPath), else Default, else States.NoChoiceMatched. A Variable or `…Path` operand that names
 * nothing is States.Runtime, except under IsPresent, which is then simply false (and `IsPresent:
 * false` true). `context` is optional (added to the agreed signature) for `$$` Variables.
 */
export function evaluateChoice(state: AslState, input: Json, context?: ContextObject): string {
  const choices = Array.isArray(state.Choices) ? state.Choices : [];
  for (const rule of choices) {
    if (ruleMatches(rule, input, context)) {
      if (!isObject(rule) || typeof rule.Next !== 'string') runtimeError('a matching Choice rule has no Next');
      return rule.Next;
    }
  }
  if (typeof state.Default === 'string') return state.Default;
  throw new StatesError(STATES.NoChoiceMatched, `no Choice rule matched the input and the state has no Default`);
}

/** Evaluates one rule (comparison or And/Or/Not, nested) against the input. */
export function ruleMatches(rule: unknown, input: Json, context: ContextObject | undefined): boolean {
  chargeCompute();
  if (!isObject(rule)) runtimeError('a Choice rule must be an object');
  if (hasOwn(rule, 'And')) return list(rule.And, 'And').every((r) => ruleMatches(r, input, context));
  if (hasOwn(rule, 'Or')) return list(rule.Or, 'Or').some((r) => ruleMatches(r, input, context));
  if (hasOwn(rule, 'Not')) return !ruleMatches(rule.Not, input, context);
  const operator = Object.keys(rule).find((k) => COMPARISON_OPERATORS.has(k));
  if (!operator) runtimeError('a Choice rule has no comparison operator');
  if (typeof rule.Variable !== 'string') runtimeError(`${operator} needs a Variable path`);
  const variable = resolvePath(rule.Variable, input, context);
  if (operator === 'IsPresent') {
    const wanted = rule.IsPresent;
    if (typeof wanted !== 'boolean') runtimeError('IsPresent takes true or false');
    return variable.found === wanted;
  }
  if (!variable.found) runtimeError(`Choice Variable: ${variable.cause}`);
  const isPathOperand = operator.endsWith('Path');
  const base = isPathOperand ? operator.slice(0, -'Path'.length) : operator;
  return compareChoice(base, variable.value, isPathOperand ? operandValue(rule[operator], operator, input, context) : rule[operator]);
}

function operandValue(path: unknown, operator: string, input: Json, context: ContextObject | undefined): unknown {
  if (typeof path !== 'string') runtimeError(`${operator} takes a path string`);
  const resolved = resolvePath(path, input, context);
  if (!resolved.found) runtimeError(`${operator}: ${resolved.cause}`);
  return resolved.value;
}

function list(value: unknown, operator: string): unknown[] {
  return Array.isArray(value) ? value : runtimeError(`${operator} takes an array of rules`);
}
