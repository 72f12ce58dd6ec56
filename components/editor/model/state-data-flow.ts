import { hasOwn } from '@/server/engine/json';
import { parsePath } from '@/server/engine/paths/parse-path';
import { dynamicShape, payloadShape } from './payload-shape';
import { assignShape } from './shape-paths';
import { EMPTY_OBJECT, UNKNOWN, arrayShape, objectShape, type Shape } from './shape';
import type { JsonObject } from './types';

/**
 * One state's data flow over shapes, the ASL order the engine runs (server/engine/runtime/
 * data-flow.ts): raw input → InputPath → Parameters → work → ResultSelector → ResultPath (into
 * the raw input) → OutputPath. A path that cannot be parsed selects `unknown`.
 */

/** InputPath/OutputPath: absent → the data itself, null → `{}`, else what the path selects. */
export function filterPath(value: unknown, data: Shape, context: Shape): Shape {
  if (value === undefined) return data;
  if (value === null) return EMPTY_OBJECT;
  return dynamicShape(value, data, context);
}

/** The effective input: InputPath, then Parameters for Task, Pass and Parallel (a Map's is its selector). */
export function effectiveInput(state: JsonObject, raw: Shape, context: Shape): Shape {
  const input = filterPath(state.InputPath, raw, context);
  if (state.Type === 'Map' || !hasOwn(state, 'Parameters')) return input;
  return payloadShape(state.Parameters, input, context);
}

/** ResultSelector (when present) on the raw result, ResultPath into the raw input, then OutputPath. */
export function outputFromResult(state: JsonObject, raw: Shape, result: Shape, context: Shape): Shape {
  const selected = hasOwn(state, 'ResultSelector') ? payloadShape(state.ResultSelector, result, context) : result;
  return filterPath(state.OutputPath, applyResultPath(state.ResultPath, raw, selected), context);
}

/** ResultPath: absent → the result, null → the raw input unchanged, a path → the result written there. */
export function applyResultPath(resultPath: unknown, raw: Shape, result: Shape): Shape {
  if (resultPath === undefined) return result;
  if (resultPath === null) return raw;
  if (typeof resultPath !== 'string') return UNKNOWN;
  const parsed = parsePath(resultPath);
  return parsed.ok && parsed.ast.root === '$' ? assignShape(raw, parsed.ast.segments, result) : UNKNOWN;
}

/**
 * The data-plane envelope a Task's skill returns (schemas/data-plane-output-1.0.0.json). Open: a
 * registered skill may return its own object instead (builtin.echo returns its arguments), so a
 * path to another member is not reported as impossible.
 */
export function envelopeShape(data: Shape): Shape {
  return objectShape(
    {
      ok: { kind: 'boolean' },
      summary: { kind: 'string' },
      data,
      metrics: objectShape({ latency_ms: { kind: 'number' } }),
      artifacts: arrayShape(UNKNOWN),
    },
    true,
  );
}

/** What a caught error hands on: `{Error, Cause}` at the catcher's ResultPath. */
export const ERROR_OUTPUT: Shape = objectShape({ Error: { kind: 'string' }, Cause: { kind: 'string' } });

/** The input of each Map iteration: ItemSelector (or legacy Parameters) with `$$.Map.Item`, else the item. */
export function iterationInput(state: JsonObject, effective: Shape, item: Shape, context: (item: Shape) => Shape): Shape {
  const selector = hasOwn(state, 'ItemSelector') ? state.ItemSelector : hasOwn(state, 'Parameters') ? state.Parameters : undefined;
  return selector === undefined ? item : payloadShape(selector, effective, context(item));
}

/** The items a Map iterates over: what ItemsPath (default `$`) selects from its effective input. */
export function mapItem(state: JsonObject, effective: Shape, context: Shape): Shape {
  const items = hasOwn(state, 'ItemsPath') ? dynamicShape(state.ItemsPath, effective, context) : effective;
  return items.kind === 'array' ? items.items : UNKNOWN;
}
