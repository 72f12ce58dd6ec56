import type { IntrinsicArg, IntrinsicCall, IntrinsicName } from './intrinsic-ast.ts';
import { checkCallValues } from './intrinsic-values.ts';

/**
 * What an argument may be. Paths are typed only at run time, so they satisfy every kind; literals
 * and nested calls (through their result kind) are checked statically.
 */
export type ArgKind = 'any' | 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

interface Signature {
  params: ArgKind[];
  /** Kind of each argument beyond `params` (variadic functions). */
  rest?: ArgKind;
  /** Minimum argument count when fewer than `params.length` is allowed (optional trailing params). */
  min?: number;
  /** Kind of the value the call returns. */
  returns: ArgKind;
}

export const SIGNATURES: Record<IntrinsicName, Signature> = {
  'States.Format': { params: ['string'], rest: 'any', returns: 'string' },
  'States.StringToJson': { params: ['string'], returns: 'any' },
  'States.JsonToString': { params: ['any'], returns: 'string' },
  'States.Array': { params: [], rest: 'any', returns: 'array' },
  'States.ArrayPartition': { params: ['array', 'integer'], returns: 'array' },
  'States.ArrayContains': { params: ['array', 'any'], returns: 'boolean' },
  'States.ArrayRange': { params: ['integer', 'integer', 'integer'], returns: 'array' },
  'States.ArrayGetItem': { params: ['array', 'integer'], returns: 'any' },
  'States.ArrayLength': { params: ['array'], returns: 'integer' },
  'States.ArrayUnique': { params: ['array'], returns: 'array' },
  'States.Base64Encode': { params: ['string'], returns: 'string' },
  'States.Base64Decode': { params: ['string'], returns: 'string' },
  'States.Hash': { params: ['any', 'string'], returns: 'string' },
  'States.JsonMerge': { params: ['object', 'object', 'boolean'], returns: 'object' },
  'States.MathRandom': { params: ['integer', 'integer', 'integer'], min: 2, returns: 'integer' },
  'States.MathAdd': { params: ['number', 'number'], returns: 'number' },
  'States.StringSplit': { params: ['string', 'string'], returns: 'array' },
  'States.UUID': { params: [], returns: 'string' },
};

export interface SignatureProblem {
  message: string;
  position: number;
}

/** Checks arity, argument kinds, then the per-function value rules (intrinsic-values.ts). */
export function checkCallSignature(call: IntrinsicCall): SignatureProblem | null {
  const sig = SIGNATURES[call.name];
  const min = sig.min ?? sig.params.length;
  const max = sig.rest ? Infinity : sig.params.length;
  const n = call.args.length;
  if (n < min || n > max) {
    const expected = max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
    return { message: `${call.name} takes ${expected} argument(s), got ${n}`, position: call.position };
  }
  for (const [i, arg] of call.args.entries()) {
    const kind = sig.params[i] ?? sig.rest ?? 'any';
    const actual = argKind(arg);
    if (!satisfies(actual, kind, arg.type === 'call')) {
      return {
        message: `argument ${i + 1} of ${call.name} must be ${article(kind)}, got ${describe(arg, actual)}`,
        position: arg.position,
      };
    }
  }
  return checkCallValues(call);
}

/** The statically known kind of an argument: `any` for paths (known only at run time). */
function argKind(arg: IntrinsicArg): ArgKind | 'null' {
  switch (arg.type) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(arg.value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'path':
      return 'any';
    case 'call':
      return SIGNATURES[arg.name].returns;
  }
}

function satisfies(actual: ArgKind | 'null', expected: ArgKind, isCall: boolean): boolean {
  if (expected === 'any' || actual === 'any' || actual === expected) return true;
  if (expected === 'number' && actual === 'integer') return true;
  // A call typed `number` (MathAdd) may well yield an integer; only literals are held to `integer`.
  return expected === 'integer' && actual === 'number' && isCall;
}

function describe(arg: IntrinsicArg, kind: ArgKind | 'null'): string {
  if (arg.type === 'call') return `${arg.name}(...) which returns ${article(kind)}`;
  return `${article(kind)} literal`;
}

function article(kind: string): string {
  return (/^[aeiou]/.test(kind) ? 'an ' : 'a ') + kind;
}
