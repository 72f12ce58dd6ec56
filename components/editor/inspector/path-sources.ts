import { INTRINSIC_NAMES } from '@/server/engine/intrinsics/intrinsic-ast';
import { isObject } from '@/server/engine/json';
import { completePath } from '../model/complete-path';
import { contextShape } from '../model/context-shape';
import { shapeFromSchema } from '../model/schema-shape';
import type { Shape } from '../model/shape';
import { mapItem } from '../model/state-data-flow';
import { stateShapes, type ShapeOptions } from '../model/state-shapes';
import { setStateField } from '../model/set-state-field';
import { getAt } from '../model/pointer-access';

/**
 * Which data a path field of a state reads, in the ASL order the engine runs it:
 * - `input`: the raw input (InputPath, ResultPath — it writes into the input —, a catcher's
 *   ResultPath, a Fail's ErrorPath/CausePath);
 * - `selected`: after InputPath (Parameters values, ItemsPath, a Choice Variable, a Wait's
 *   SecondsPath, the Task and Map `…Path` settings);
 * - `result`: the state's raw result (ResultSelector values);
 * - `beforeOutput`: after ResultPath, what OutputPath filters;
 * - `item`: a Map's ItemSelector: `$` the selected input, `$$.Map.Item` the current item.
 */
export type PathTarget = 'input' | 'selected' | 'result' | 'beforeOutput' | 'item';

/** What `$` and `$$` mean for a path field. */
export interface PathSource {
  shape: Shape;
  context: Shape;
}

/** The data a path field of the state at `pointer` reads (unknown shapes when the state is not there). */
export function pathSource(doc: unknown, pointer: string, target: PathTarget, options: ShapeOptions = {}): PathSource {
  const workflowInput = shapeFromSchema(isObject(doc) ? doc.workflow_input_schema : undefined);
  const context = contextShape(workflowInput);
  const unknown: PathSource = { shape: { kind: 'unknown' }, context };
  if (target === 'beforeOutput') {
    // What OutputPath sees is the output the state would have without it.
    const without = isObject(doc) ? setStateField(doc, pointer, 'OutputPath', undefined) : null;
    const shapes = without?.ok ? stateShapes(without.doc, pointer, options) : null;
    return shapes ? { shape: shapes.output, context } : unknown;
  }
  const shapes = stateShapes(doc, pointer, options);
  if (!shapes) return unknown;
  if (target === 'input') return { shape: shapes.input, context };
  if (target === 'result') return { shape: shapes.result, context };
  if (target === 'item') {
    const state = getAt(doc, pointer);
    const item = isObject(state) ? mapItem(state, shapes.selectedInput, context) : { kind: 'unknown' as const };
    return { shape: shapes.selectedInput, context: contextShape(workflowInput, item) };
  }
  return { shape: shapes.selectedInput, context };
}

/** One completion as the path input lists it: the whole text it puts in the field. */
export interface Suggestion {
  value: string;
  label: string;
  detail: string;
}

/**
 * Completions for `text` typed into a path field: paths into the source's data (`completePath`),
 * and — where an intrinsic call is allowed — the intrinsic functions while `States.` is typed.
 * At most `limit`; the text itself is never suggested.
 */
export function suggestPaths(source: PathSource, text: string, options: { intrinsics?: boolean; limit?: number } = {}): Suggestion[] {
  const limit = options.limit ?? 12;
  if (options.intrinsics && text !== '' && !text.startsWith('$')) {
    if (!'States.'.startsWith(text) && !text.startsWith('States.')) return [];
    if (text.includes('(')) return [];
    return INTRINSIC_NAMES.filter((n) => n.startsWith(text))
      .slice(0, limit)
      .map((n) => ({ value: `${n}(`, label: n, detail: 'intrinsic function' }));
  }
  return completePath(source.shape, text, { context: source.context })
    .filter((s) => s.path !== text)
    .slice(0, limit)
    .map((s) => ({ value: s.path, label: s.label, detail: s.format ? `${s.kind}, ${s.format}` : s.kind }));
}
