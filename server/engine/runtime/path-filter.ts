import { compileFilterRegex } from '../paths/filter-regex.ts';
import type { PathExpression } from '../paths/path-ast.ts';
import { chargeCompute, textUnits } from './compute-budget.ts';
import { deepEqual } from './json-values.ts';
import { runtimeError } from './states-error.ts';
import { type SelectEnv, selectAll } from './path-select.ts';

/**
 * Evaluates the expressions inside `[?( )]` and `[( )]`. `undefined` stands for "nothing" (a
 * query that matched no node, or an operation on values it does not apply to). Decisions:
 * - A query (`@.x`, `$.x`, `$$.x`) of member/index steps yields its value; any other query yields
 *   the array of its matches. As a condition, a query is an existence test (RFC 9535): `[?(@.flag)]`
 *   keeps `{"flag": false}`.
 * - Other values as conditions use JavaScript truthiness (the Goessner reference implementation).
 * - `==`/`!=` compare JSON structurally; nothing equals only nothing (RFC 9535).
 * - `< <= > >=` compare two numbers or two strings; any other pair is false.
 * - `=~` searches the string with the regular expression, run by RE2 in time linear in the
 *   string's length (paths/filter-regex.ts: RE2 syntax; flags i, m, s; anchor with ^ $ explicitly).
 * - Arithmetic applies to numbers (`+` also joins two strings); a non-finite result is nothing.
 */
export function evaluateExpression(expression: PathExpression, current: unknown, env: SelectEnv): unknown {
  chargeCompute();
  switch (expression.type) {
    case 'literal':
      return expression.value;
    case 'regex':
      return undefined;
    case 'query':
      return evaluateQuery(expression, current, env);
    case 'unary':
      if (expression.operator === '!') return !isTruthy(expression.operand, current, env);
      return negate(evaluateExpression(expression.operand, current, env));
    case 'binary':
      return binary(expression, current, env);
  }
}

export function isTruthy(expression: PathExpression, current: unknown, env: SelectEnv): boolean {
  const value = evaluateExpression(expression, current, env);
  if (expression.type === 'query') return value !== undefined;
  return Boolean(value);
}

type QueryExpression = Extract<PathExpression, { type: 'query' }>;

function evaluateQuery(query: QueryExpression, current: unknown, env: SelectEnv): unknown {
  const start = query.root === '@' ? current : query.root === '$' ? env.data : env.context;
  const nodes = selectAll([start], query.segments, env.inExpression ? env : { ...env, inExpression: true });
  const singular = query.segments.every((s) => s.type === 'member' || s.type === 'index');
  if (singular) return nodes[0];
  return nodes.length > 0 ? nodes : undefined;
}

function negate(value: unknown): unknown {
  return typeof value === 'number' ? -value : undefined;
}

type BinaryExpression = Extract<PathExpression, { type: 'binary' }>;

function binary(expression: BinaryExpression, current: unknown, env: SelectEnv): unknown {
  const { operator, left, right } = expression;
  if (operator === '&&') return isTruthy(left, current, env) && isTruthy(right, current, env);
  if (operator === '||') return isTruthy(left, current, env) || isTruthy(right, current, env);
  const l = evaluateExpression(left, current, env);
  if (operator === '=~') return typeof l === 'string' && right.type === 'regex' && regexSearch(right, l);
  const r = evaluateExpression(right, current, env);
  switch (operator) {
    case '==':
      return l === undefined || r === undefined ? l === r : deepEqual(l, r);
    case '!=':
      return l === undefined || r === undefined ? l !== r : !deepEqual(l, r);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(operator, l, r);
    default:
      return arithmetic(operator, l, r);
  }
}

function compare(operator: '<' | '<=' | '>' | '>=', l: unknown, r: unknown): boolean {
  const comparable = (typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string');
  if (!comparable) return false;
  const a = l as number | string;
  const b = r as number | string;
  switch (operator) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

function arithmetic(operator: '+' | '-' | '*' | '/' | '%', l: unknown, r: unknown): unknown {
  if (operator === '+' && typeof l === 'string' && typeof r === 'string') return l + r;
  if (typeof l !== 'number' || typeof r !== 'number') return undefined;
  const value = operator === '+' ? l + r : operator === '-' ? l - r : operator === '*' ? l * r : operator === '/' ? l / r : l % r;
  return Number.isFinite(value) ? value : undefined;
}

/** `=~`: an unanchored RE2 search. The parser compiled the pattern already (this hits its cache). */
function regexSearch({ pattern, flags }: { pattern: string; flags: string }, text: string): boolean {
  const compiled = compileFilterRegex(pattern, flags);
  if (!compiled.ok) return runtimeError(compiled.error);
  chargeCompute(textUnits(text));
  return compiled.regex.test(text);
}
