import { hasOwn, isObject } from '../json.ts';
import { errorMatches, names } from './retry.ts';
import { applyResultPath } from './result-path.ts';
import type { AslState, Json } from './types.ts';

export type CatchDecision = { next: string; output: Json } | null;

/**
 * Catch: the first catcher (in order) whose ErrorEquals matches. Its output is the error output
 * `{"Error": …, "Cause": …}` placed by the catcher's ResultPath into the state's raw input:
 * absent (or `$`) replaces the input, `null` keeps the input, `$.x` stores it at x. No match:
 * null (the state fails with the error). A ResultPath that cannot be applied throws
 * States.ResultPathMatchFailure, which fails the state without being caught again.
 */
export function decideCatch(state: AslState, rawInput: Json, failure: { error: string; cause: string }): CatchDecision {
  const catchers = Array.isArray(state.Catch) ? state.Catch : [];
  for (const catcher of catchers) {
    if (!isObject(catcher) || typeof catcher.Next !== 'string' || !errorMatches(names(catcher.ErrorEquals), failure.error)) continue;
    const errorOutput = { Error: failure.error, Cause: failure.cause };
    const resultPath = hasOwn(catcher, 'ResultPath') ? catcher.ResultPath : undefined;
    return { next: catcher.Next, output: applyResultPath(resultPath, rawInput, errorOutput) };
  }
  return null;
}
