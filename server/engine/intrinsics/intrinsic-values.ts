import type { IntrinsicArg, IntrinsicCall } from './intrinsic-ast.ts';
import { parseFormatTemplate } from './format-template.ts';

/** ASL limits for literal arguments (AWS Step Functions intrinsic function reference). */
export const HASH_ALGORITHMS = ['MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'] as const;
export const MAX_ENCODE_INPUT = 10_000;
export const MAX_ARRAY_RANGE_ITEMS = 1000;

export interface ValueProblem {
  message: string;
  position: number;
}

type Literal = { value: unknown; position: number };
const literal = (arg: IntrinsicArg | undefined): Literal | null =>
  arg && (arg.type === 'string' || arg.type === 'number' || arg.type === 'boolean') ? arg : null;
const problem = (message: string, position: number): ValueProblem => ({ message, position });

/**
 * Value rules that only apply when an argument is written as a literal (a path's value is known
 * only at run time). Arity and kinds are already checked when this runs.
 */
export function checkCallValues(call: IntrinsicCall): ValueProblem | null {
  const [a, b, c] = call.args.map(literal);
  switch (call.name) {
    case 'States.Format': {
      const template = call.args[0];
      if (template?.type !== 'string') return null;
      const counted = parseFormatTemplate(template.raw);
      if (!counted.ok) return problem(`States.Format template: ${counted.error}`, template.position);
      const given = call.args.length - 1;
      return counted.count === given
        ? null
        : problem(`States.Format template has ${counted.count} placeholder(s) but ${given} value argument(s)`, template.position);
    }
    case 'States.ArrayPartition':
      return b && (b.value as number) <= 0 ? problem('States.ArrayPartition chunk size must be greater than 0', b.position) : null;
    case 'States.ArrayGetItem':
      return b && (b.value as number) < 0 ? problem('States.ArrayGetItem index must not be negative', b.position) : null;
    case 'States.ArrayRange':
      return checkArrayRange(a, b, c);
    case 'States.Base64Encode':
      return a && (a.value as string).length > MAX_ENCODE_INPUT
        ? problem(`States.Base64Encode input exceeds ${MAX_ENCODE_INPUT} characters`, a.position)
        : null;
    case 'States.Base64Decode':
      return a && !isBase64(a.value as string) ? problem('States.Base64Decode input is not valid base64', a.position) : null;
    case 'States.Hash':
      return b && !(HASH_ALGORITHMS as readonly unknown[]).includes(b.value)
        ? problem(`States.Hash algorithm must be one of ${HASH_ALGORITHMS.join(', ')}`, b.position)
        : null;
    case 'States.JsonMerge':
      // Step Functions implements shallow merging only; the flag must be false.
      return c && c.value !== false
        ? problem('States.JsonMerge supports shallow merging only: the third argument must be false', c.position)
        : null;
    case 'States.MathRandom':
      return a && b && (a.value as number) >= (b.value as number)
        ? problem('States.MathRandom start must be less than end', a.position)
        : null;
    default:
      return null;
  }
}

function checkArrayRange(start?: Literal | null, end?: Literal | null, step?: Literal | null): ValueProblem | null {
  if (step && step.value === 0) return problem('States.ArrayRange step must not be 0', step.position);
  if (!start || !end || !step) return null;
  const items = Math.floor(((end.value as number) - (start.value as number)) / (step.value as number)) + 1;
  return items > MAX_ARRAY_RANGE_ITEMS
    ? problem(`States.ArrayRange would produce ${items} items (at most ${MAX_ARRAY_RANGE_ITEMS})`, start.position)
    : null;
}

function isBase64(text: string): boolean {
  return text.length <= MAX_ENCODE_INPUT && text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}
