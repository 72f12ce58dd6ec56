import { isObject } from '../json.ts';
import { ComputeBudgetExceeded, chargeCompute } from './compute-budget.ts';
import { intrinsicValue } from './evaluate-intrinsic.ts';
import { pathValue } from './evaluate-path.ts';
import { describeValue } from './json-values.ts';
import { STATES, StatesError } from './states-error.ts';
import type { ContextObject, Json, RandomSource } from './types.ts';

/**
 * The value of a dynamic field (`"x.$"`, Fail ErrorPath/CausePath): an intrinsic call when it
 * starts with `States.`, otherwise a path (`$…` or `$$…`).
 */
export function evaluateDynamic(expression: string, data: Json, context: ContextObject | undefined, random?: RandomSource): Json {
  return expression.startsWith('States.') ? intrinsicValue(expression, data, context, random) : pathValue(expression, data, context);
}

/**
 * Builds a payload from a Payload Template (Parameters, ResultSelector, ItemSelector): objects and
 * arrays are rebuilt recursively; a key ending in `.$` loses the suffix and takes the value of its
 * path or intrinsic, evaluated against `data` (and `$$` against the context); other values are
 * copied. A path that names nothing fails with States.ParameterPathFailure (spec: "the attempt to
 * replace a field whose name ends in '.$' using a Path failed"), for every payload template, not
 * only Parameters; an intrinsic that fails keeps States.IntrinsicFailure.
 */
export function applyPayloadTemplate(template: Json, data: Json, context: ContextObject, random?: RandomSource): Json {
  chargeCompute();
  if (Array.isArray(template)) return template.map((item) => applyPayloadTemplate(item, data, context, random));
  if (!isObject(template)) return template;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(template)) {
    if (!key.endsWith('.$')) {
      setOwn(out, key, applyPayloadTemplate(value, data, context, random));
      continue;
    }
    if (typeof value !== 'string') {
      throw new StatesError(
        STATES.ParameterPathFailure,
        `the field ${JSON.stringify(key)} must hold a path or an intrinsic call, got ${describeValue(value)}`,
      );
    }
    setOwn(out, key.slice(0, -2), dynamicField(key, value, data, context, random));
  }
  return out;
}

function dynamicField(key: string, expression: string, data: Json, context: ContextObject, random?: RandomSource): Json {
  try {
    return evaluateDynamic(expression, data, context, random);
  } catch (e) {
    if (e instanceof StatesError && e.error === STATES.Runtime && !(e instanceof ComputeBudgetExceeded)) {
      throw new StatesError(STATES.ParameterPathFailure, `the field ${JSON.stringify(key)}: ${e.cause}`);
    }
    throw e;
  }
}

/** Defines an own field even for a key such as "__proto__", which plain assignment would not. */
function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
