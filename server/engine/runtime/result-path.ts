import { hasOwn, isObject } from '../json.ts';
import type { IndexSelector, MemberSelector } from '../paths/path-ast.ts';
import { parseCached, stepText } from './evaluate-path.ts';
import { describeValue } from './json-values.ts';
import { STATES, StatesError, runtimeError } from './states-error.ts';
import type { Json } from './types.ts';

/**
 * ResultPath: where the result goes in the state's raw input.
 * - absent (`undefined`) or `$`: the result replaces the input;
 * - `null`: the result is discarded and the input passes through;
 * - `$.a.b`: a copy of the input with the result stored at a.b. Missing objects along the way are
 *   created; an existing value that is not an object (or an array index out of range) cannot hold
 *   the result: States.ResultPathMatchFailure. The raw input itself is never modified.
 */
export function applyResultPath(resultPath: unknown, rawInput: Json, result: Json): Json {
  if (resultPath === undefined) return result;
  if (resultPath === null) return rawInput;
  if (typeof resultPath !== 'string') runtimeError(`ResultPath must be a path string or null, got ${describeValue(resultPath)}`);
  const parsed = parseCached(resultPath);
  if (!parsed.ok) runtimeError(`invalid ResultPath ${JSON.stringify(resultPath)}: ${parsed.error} (at offset ${parsed.position})`);
  if (!parsed.isReferencePath || parsed.ast.root !== '$') {
    runtimeError(`ResultPath must be a Reference Path into the input ($, .name, [index]), got ${JSON.stringify(resultPath)}`);
  }
  return setIn(rawInput, parsed.ast.segments as Array<MemberSelector | IndexSelector>, 0, result, '$', resultPath);
}

function setIn(node: unknown, steps: Array<MemberSelector | IndexSelector>, i: number, value: Json, prefix: string, path: string): Json {
  const step = steps[i];
  if (!step) return value;
  const last = i === steps.length - 1;
  const here = prefix + stepText(step);
  if (step.type === 'member') {
    if (!isObject(node))
      mismatch(path, prefix, `is ${describeValue(node)}, not an object, so it cannot hold the field ${JSON.stringify(step.name)}`);
    const child = hasOwn(node, step.name) ? node[step.name] : {};
    return { ...node, [step.name]: last ? value : setIn(child, steps, i + 1, value, here, path) };
  }
  if (!Array.isArray(node)) mismatch(path, prefix, `is ${describeValue(node)}, not an array, so it has no index ${step.index}`);
  const at = step.index < 0 ? node.length + step.index : step.index;
  if (at < 0 || at >= node.length) mismatch(path, prefix, `has ${node.length} element(s), so it has no index ${step.index}`);
  const copy = [...node];
  copy[at] = last ? value : setIn(node[at], steps, i + 1, value, here, path);
  return copy;
}

function mismatch(path: string, prefix: string, problem: string): never {
  throw new StatesError(
    STATES.ResultPathMatchFailure,
    `ResultPath ${JSON.stringify(path)} cannot be applied to the input: '${prefix}' ${problem}`,
  );
}
