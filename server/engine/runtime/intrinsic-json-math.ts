import { checkDocumentShape } from '../document-guard.ts';
import { chargeCompute, textUnits } from './compute-budget.ts';
import { type IntrinsicImpl, booleanArg, intrinsicFailure, jsonText, numberArg, objectArg, stringArg } from './intrinsic-args.ts';
import { runtimeError } from './states-error.ts';

/**
 * JSON and math intrinsics. Decisions:
 * - MathAdd and MathRandom round non-integer numbers to the nearest integer, halves towards
 *   positive infinity (AWS: "Step Functions will round it off to the nearest integer"; its Java
 *   runtime rounds like Math.round).
 * - MathRandom returns an integer in [start, end], both ends inclusive; start must be below end
 *   (the validator's rule for literals, enforced here for path values). Without a seed it draws
 *   from the injected random source; with a seed the result is a pure function of the seed, so the
 *   same seed always gives the same number (AWS documents that guarantee).
 * - JsonMerge is shallow: keys of the second object replace those of the first; `true` (deep
 *   merge) is refused as AWS does.
 * - StringToJson refuses JSON nested deeper than MAX_DOCUMENT_DEPTH (or with more nodes than a
 *   document may have) with States.Runtime: an engine limit, since such a value could not be
 *   stored or compared without exhausting the stack.
 */
export const JSON_MATH_INTRINSICS = {
  'States.StringToJson': (args, call) => {
    const text = stringArg(call, args, 0);
    chargeCompute(textUnits(text));
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch (e) {
      return intrinsicFailure(call, `the string is not valid JSON (${(e as Error).message})`);
    }
    const unsafe = checkDocumentShape(value);
    const problem = unsafe?.message.replace(/^document /, '');
    if (problem) runtimeError(`${call.name}: the JSON ${problem}, beyond the engine's limit`);
    return value;
  },

  'States.JsonToString': (args, call) => jsonText(call, args[0]),

  'States.JsonMerge': (args, call) => {
    const first = objectArg(call, args, 0);
    const second = objectArg(call, args, 1);
    if (booleanArg(call, args, 2)) intrinsicFailure(call, 'only shallow merging is supported: the third argument must be false');
    return { ...first, ...second };
  },

  'States.MathAdd': (args, call) => Math.round(numberArg(call, args, 0)) + Math.round(numberArg(call, args, 1)),

  'States.MathRandom': (args, call, env) => {
    const start = Math.round(numberArg(call, args, 0));
    const end = Math.round(numberArg(call, args, 1));
    if (start >= end) intrinsicFailure(call, `the start (${start}) must be less than the end (${end})`);
    const draw = args.length > 2 ? seeded(Math.round(numberArg(call, args, 2))) : env.random();
    return start + Math.floor(draw * (end - start + 1));
  },
} satisfies Record<string, IntrinsicImpl>;

/** mulberry32: a tiny deterministic generator; one draw in [0, 1) from a 32-bit seed. */
function seeded(seed: number): number {
  let t = (seed >>> 0) + 0x6d2b79f5;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
