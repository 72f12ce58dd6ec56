import { COMBINATORS, COMPARISON_OPERATORS } from '@/server/engine/asl/choice-operators';
import { isObject } from '@/server/engine/json';

/**
 * Short readable conditions for Choice rules, as edge labels: `$.score >= 80`,
 * `$.name == "Alex"`, `$.a < $.b` (a `...Path` operator compares with another path),
 * `$.file matches "*.mp3"`, `$.x is null`, `And(2)`, `Not($.x == "a")`. A rule that cannot be
 * read is `?`. Labels longer than `max` characters end in `…`.
 */
export function choiceRuleLabel(rule: unknown, max = 48): string {
  const text = describe(rule, 0);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const COMPARATORS: Record<string, string> = {
  Equals: '==',
  LessThan: '<',
  GreaterThan: '>',
  LessThanEquals: '<=',
  GreaterThanEquals: '>=',
};

const TESTS: Record<string, [string, string]> = {
  IsNull: ['is null', 'is not null'],
  IsPresent: ['is present', 'is absent'],
  IsNumeric: ['is numeric', 'is not numeric'],
  IsString: ['is a string', 'is not a string'],
  IsBoolean: ['is a boolean', 'is not a boolean'],
  IsTimestamp: ['is a timestamp', 'is not a timestamp'],
};

function describe(rule: unknown, depth: number): string {
  if (!isObject(rule) || depth > 8) return '?';
  const operator = Object.keys(rule).find((k) => COMPARISON_OPERATORS.has(k) || (COMBINATORS as readonly string[]).includes(k));
  if (operator === undefined) return '?';
  const value = rule[operator];
  if (operator === 'Not') return `Not(${describe(value, depth + 1)})`;
  if (operator === 'And' || operator === 'Or') return `${operator}(${Array.isArray(value) ? value.length : '?'})`;
  const variable = typeof rule.Variable === 'string' ? rule.Variable : '?';
  const test = TESTS[operator];
  if (test) return `${variable} ${value === false ? test[1] : test[0]}`;
  if (operator === 'StringMatches') return `${variable} matches ${JSON.stringify(value) ?? '?'}`;
  const m = /^(String|Numeric|Boolean|Timestamp)(Equals|LessThan|GreaterThan|LessThanEquals|GreaterThanEquals)(Path)?$/.exec(operator);
  if (!m) return '?';
  const operand = m[3] && typeof value === 'string' ? value : (JSON.stringify(value) ?? '?');
  return `${variable} ${COMPARATORS[m[2]!]} ${operand}`;
}
