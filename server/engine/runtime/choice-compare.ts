import { compareInstants, parseTimestamp } from './timestamps.ts';
import { stringMatches } from './string-matches.ts';
import { runtimeError } from './states-error.ts';

/**
 * One Choice comparison, given the Variable's value and the operand's value (a literal, or the
 * value a `…Path` operand named). Per the spec a value of the wrong type is not an error: the
 * comparison is simply false (NumericEquals on a string, TimestampEquals on a non-timestamp, …).
 * Strings compare by UTF-16 code units; timestamps as instants (offsets are honoured, so
 * `…T01:00:00+01:00` equals `…T00:00:00Z`); numbers as JSON numbers (1 equals 1.0).
 */
export function compareChoice(base: string, value: unknown, operand: unknown): boolean {
  const kind = /^(String|Numeric|Timestamp)(Equals|LessThan|GreaterThan|LessThanEquals|GreaterThanEquals)$/.exec(base);
  if (kind) return ordered(kind[1]!, kind[2]!, value, operand);
  switch (base) {
    case 'BooleanEquals':
      return typeof value === 'boolean' && value === operand;
    case 'StringMatches':
      return typeof value === 'string' && typeof operand === 'string' && stringMatches(value, operand);
    case 'IsNull':
      return (value === null) === flag(base, operand);
    case 'IsNumeric':
      return (typeof value === 'number') === flag(base, operand);
    case 'IsString':
      return (typeof value === 'string') === flag(base, operand);
    case 'IsBoolean':
      return (typeof value === 'boolean') === flag(base, operand);
    case 'IsTimestamp':
      return (parseTimestamp(value) !== null) === flag(base, operand);
    default:
      return runtimeError(`unknown Choice operator ${JSON.stringify(base)}`);
  }
}

function flag(operator: string, operand: unknown): boolean {
  return typeof operand === 'boolean' ? operand : runtimeError(`${operator} takes true or false`);
}

function ordered(type: string, relation: string, value: unknown, operand: unknown): boolean {
  let sign: number;
  if (type === 'Timestamp') {
    const a = parseTimestamp(value);
    const b = parseTimestamp(operand);
    if (!a || !b) return false;
    sign = compareInstants(a, b);
  } else {
    const expected = type === 'String' ? 'string' : 'number';
    if (typeof value !== expected || typeof operand !== expected) return false;
    const a = value as string | number;
    const b = operand as string | number;
    sign = a < b ? -1 : a > b ? 1 : 0;
  }
  switch (relation) {
    case 'Equals':
      return sign === 0;
    case 'LessThan':
      return sign < 0;
    case 'GreaterThan':
      return sign > 0;
    case 'LessThanEquals':
      return sign <= 0;
    default:
      return sign >= 0;
  }
}
