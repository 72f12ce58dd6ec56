import type { PathAst } from '../paths/path-ast.ts';

/** The 18 intrinsic functions of the ASL JSONPath query language. */
export const INTRINSIC_NAMES = [
  'States.Format',
  'States.StringToJson',
  'States.JsonToString',
  'States.Array',
  'States.ArrayPartition',
  'States.ArrayContains',
  'States.ArrayRange',
  'States.ArrayGetItem',
  'States.ArrayLength',
  'States.ArrayUnique',
  'States.Base64Encode',
  'States.Base64Decode',
  'States.Hash',
  'States.JsonMerge',
  'States.MathRandom',
  'States.MathAdd',
  'States.StringSplit',
  'States.UUID',
] as const;
export type IntrinsicName = (typeof INTRINSIC_NAMES)[number];

/**
 * A string literal keeps both forms: `value` with escapes resolved, and `raw` as written between
 * the quotes, because States.Format must tell a placeholder `{}` from an escaped `\{\}`.
 */
export type IntrinsicStringArg = { type: 'string'; value: string; raw: string; position: number };
export type IntrinsicArg =
  | IntrinsicStringArg
  | { type: 'number'; value: number; position: number }
  | { type: 'boolean'; value: boolean; position: number }
  | { type: 'null'; position: number }
  | { type: 'path'; path: PathAst; source: string; position: number }
  | IntrinsicCall;

export interface IntrinsicCall {
  type: 'call';
  name: IntrinsicName;
  args: IntrinsicArg[];
  /** Offset of the function name in the parsed text. */
  position: number;
}

export type ParseIntrinsicResult = { ok: true; ast: IntrinsicCall } | { ok: false; error: string; position: number };
