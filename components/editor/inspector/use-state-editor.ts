'use client';
import { child } from '@/server/engine/issues';
import { isObject } from '@/server/engine/json';
import { getAt } from '../model/pointer-access';
import { setStateField } from '../model/set-state-field';
import type { EditResult, JsonObject } from '../model/types';
import { useInspector } from './inspector-context';

/**
 * The selected state and how its forms edit it. `set(field, value, typing)`: one field through
 * the model's `setStateField`; `typing` names what is being typed into (`Retry/0/IntervalSeconds`)
 * so a run of keystrokes there is one undo step (`coalesce: '<pointer>#<typing>'`). `apply` sends
 * any model edit of this state the same way.
 */
export function useStateEditor() {
  const { doc, pointer, edit } = useInspector();
  if (pointer === null) throw new Error('useStateEditor without a selected state');
  const value = getAt(doc, pointer);
  const state: JsonObject = isObject(value) ? value : {};
  const apply = (result: EditResult, typing?: string, select?: readonly string[]) =>
    edit(result, { ...(typing ? { coalesce: `${pointer}#${typing}` } : {}), ...(select ? { select } : {}) });
  return {
    doc,
    pointer,
    state,
    /** The pointer of a value inside the state: `at('Retry', 0, 'MaxAttempts')`. */
    at: (...path: Array<string | number>) => child(pointer, ...path),
    set: (field: string, v: unknown, typing?: string) => apply(setStateField(doc, pointer, field, v), typing),
    apply,
  };
}

export type StateEditor = ReturnType<typeof useStateEditor>;
