/**
 * The comparison operators of a Choice rule and the kind of value each takes. Every base operator
 * except StringMatches and the Is* tests also has a `...Path` form whose value is a Reference Path
 * to compare against instead of a literal.
 */
export type OperandKind = 'string' | 'number' | 'boolean' | 'timestamp' | 'pattern' | 'path';

const BASES: Array<[string, OperandKind]> = [
  ['StringEquals', 'string'],
  ['StringLessThan', 'string'],
  ['StringGreaterThan', 'string'],
  ['StringLessThanEquals', 'string'],
  ['StringGreaterThanEquals', 'string'],
  ['NumericEquals', 'number'],
  ['NumericLessThan', 'number'],
  ['NumericGreaterThan', 'number'],
  ['NumericLessThanEquals', 'number'],
  ['NumericGreaterThanEquals', 'number'],
  ['BooleanEquals', 'boolean'],
  ['TimestampEquals', 'timestamp'],
  ['TimestampLessThan', 'timestamp'],
  ['TimestampGreaterThan', 'timestamp'],
  ['TimestampLessThanEquals', 'timestamp'],
  ['TimestampGreaterThanEquals', 'timestamp'],
];

export const COMPARISON_OPERATORS: ReadonlyMap<string, OperandKind> = new Map<string, OperandKind>([
  ...BASES,
  ...BASES.map(([name]): [string, OperandKind] => [`${name}Path`, 'path']),
  ['StringMatches', 'pattern'],
  ['IsNull', 'boolean'],
  ['IsPresent', 'boolean'],
  ['IsNumeric', 'boolean'],
  ['IsString', 'boolean'],
  ['IsBoolean', 'boolean'],
  ['IsTimestamp', 'boolean'],
]);

export const COMBINATORS = ['And', 'Or', 'Not'] as const;
