import { hasOwn } from '../json.ts';
import { resolvePath } from './evaluate-path.ts';
import { describeValue } from './json-values.ts';
import { applyPayloadTemplate } from './payload-template.ts';
import { applyResultPath } from './result-path.ts';
import { runtimeError } from './states-error.ts';
import type { AslState, ContextObject, Json } from './types.ts';

/**
 * Input and output processing (spec "Input and Output Processing"):
 *   raw input → InputPath → Parameters → [state work] → ResultSelector → ResultPath (into the raw
 *   input) → OutputPath → state output.
 * InputPath/OutputPath absent means `$`; `null` means `{}` (the spec's "empty object").
 */
const PARAMETERS_TYPES = new Set(['Task', 'Pass', 'Parallel']);
const RESULT_SELECTOR_TYPES = new Set(['Task', 'Parallel', 'Map']);

/** Applies an InputPath/OutputPath value: absent → the data, null → {}, else the path's value. */
export function applyFilterPath(field: string, path: unknown, data: Json, context: ContextObject | undefined): Json {
  if (path === undefined) return data;
  if (path === null) return {};
  if (typeof path !== 'string') runtimeError(`${field} must be a path string or null, got ${describeValue(path)}`);
  const resolved = resolvePath(path, data, context);
  if (!resolved.found) runtimeError(`${field}: ${resolved.cause}`);
  return resolved.value;
}

const field = (state: AslState, name: string): unknown => (hasOwn(state, name) ? state[name] : undefined);

/** InputPath, then Parameters for Task, Pass and Parallel. A Map's items are selected later (mapItems). */
export function selectEffectiveInput(state: AslState, rawInput: Json, context: ContextObject): Json {
  const input = applyFilterPath('InputPath', field(state, 'InputPath'), rawInput, context);
  if (PARAMETERS_TYPES.has(state.Type as string) && hasOwn(state, 'Parameters')) {
    return applyPayloadTemplate(state.Parameters, input, context);
  }
  return input;
}

/** ResultSelector (Task/Parallel/Map), ResultPath into the raw input, then OutputPath. */
export function applyStateResult(state: AslState, rawInput: Json, result: Json, context: ContextObject): Json {
  const selected =
    RESULT_SELECTOR_TYPES.has(state.Type as string) && hasOwn(state, 'ResultSelector')
      ? applyPayloadTemplate(state.ResultSelector, result, context)
      : result;
  const combined = applyResultPath(field(state, 'ResultPath'), rawInput, selected);
  return applyFilterPath('OutputPath', field(state, 'OutputPath'), combined, context);
}

/** Pass: `Result` (a literal, not a template) or else the effective input is the result (`effective` when the caller computed it already). */
export function passStateOutput(
  state: AslState,
  rawInput: Json,
  context: ContextObject,
  effective: Json = selectEffectiveInput(state, rawInput, context),
): Json {
  const result = hasOwn(state, 'Result') ? state.Result : effective;
  const combined = applyResultPath(field(state, 'ResultPath'), rawInput, result);
  return applyFilterPath('OutputPath', field(state, 'OutputPath'), combined, context);
}

/**
 * Choice, Wait and Succeed: InputPath then OutputPath, no result. `context` is optional (added to
 * the agreed signature) and only needed when a path reads `$$`.
 */
export function simpleStateOutput(state: AslState, rawInput: Json, context?: ContextObject): Json {
  const input = applyFilterPath('InputPath', field(state, 'InputPath'), rawInput, context);
  return applyFilterPath('OutputPath', field(state, 'OutputPath'), input, context);
}
