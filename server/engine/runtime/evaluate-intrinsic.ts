import { parseIntrinsic } from '../intrinsics/parse-intrinsic.ts';
import type { IntrinsicArg, IntrinsicCall, IntrinsicName, ParseIntrinsicResult } from '../intrinsics/intrinsic-ast.ts';
import { pathValue } from './evaluate-path.ts';
import { ARRAY_INTRINSICS } from './intrinsic-array.ts';
import { ComputeBudgetExceeded, chargeCompute } from './compute-budget.ts';
import type { IntrinsicEnv, IntrinsicImpl } from './intrinsic-args.ts';
import { JSON_MATH_INTRINSICS } from './intrinsic-json-math.ts';
import { STRING_INTRINSICS } from './intrinsic-string.ts';
import { STATES, StatesError } from './states-error.ts';
import type { ContextObject, Json, RandomSource } from './types.ts';

const IMPLEMENTATIONS: Record<IntrinsicName, IntrinsicImpl> = { ...ARRAY_INTRINSICS, ...STRING_INTRINSICS, ...JSON_MATH_INTRINSICS };

/**
 * Evaluates an intrinsic call such as `States.Format('{} {}', $.a, States.UUID())`: arguments
 * left to right (paths against `data` / the context, nested calls recursively), then the
 * function. Every failure is States.IntrinsicFailure, including a path argument that names
 * nothing (spec: "the attempt to invoke an Intrinsic Function failed") and text that does not
 * parse. `random` feeds States.MathRandom without a seed.
 */
export function evaluateIntrinsic(text: string, data: Json, context: ContextObject, random: RandomSource = Math.random): Json {
  return intrinsicValue(text, data, context, random);
}

/** evaluateIntrinsic for callers that may not have a context (a `$$` argument then fails). */
export function intrinsicValue(text: string, data: Json, context: ContextObject | undefined, random: RandomSource = Math.random): Json {
  const parsed = parseCached(text);
  if (!parsed.ok) {
    throw new StatesError(
      STATES.IntrinsicFailure,
      `invalid intrinsic call ${JSON.stringify(text)}: ${parsed.error} (at offset ${parsed.position})`,
    );
  }
  return evaluateCall(parsed.ast, data, context, { random });
}

function evaluateCall(call: IntrinsicCall, data: Json, context: ContextObject | undefined, env: IntrinsicEnv): Json {
  chargeCompute();
  const args = call.args.map((arg) => evaluateArg(arg, call, data, context, env));
  return IMPLEMENTATIONS[call.name](args, call, env);
}

function evaluateArg(arg: IntrinsicArg, call: IntrinsicCall, data: Json, context: ContextObject | undefined, env: IntrinsicEnv): Json {
  switch (arg.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return arg.value;
    case 'null':
      return null;
    case 'call':
      return evaluateCall(arg, data, context, env);
    case 'path':
      try {
        return pathValue(arg.source, data, context);
      } catch (e) {
        if (!(e instanceof StatesError) || e instanceof ComputeBudgetExceeded) throw e;
        throw new StatesError(STATES.IntrinsicFailure, `${call.name}: ${e.cause}`);
      }
  }
}

const cache = new Map<string, ParseIntrinsicResult>();

function parseCached(text: string): ParseIntrinsicResult {
  let parsed = cache.get(text);
  if (!parsed) {
    parsed = parseIntrinsic(text);
    if (cache.size >= 1000) cache.clear();
    cache.set(text, parsed);
  }
  return parsed;
}
