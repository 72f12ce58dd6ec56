import { isObject } from '@/server/engine/json';
import { addCatcher } from '../inspector/retry-catch';
import { addState } from './add-state';
import { stateAt } from './lookup';
import { setStateField } from './set-state-field';
import { indexStates } from './state-index';
import { uniqueName } from './state-names';
import type { EditResult, WorkflowDoc } from './types';

/**
 * "Add catcher" on the state at `pointer`: a new catcher that goes to a Fail state of the same
 * scope — the first one there, or a new one named after the state (`<Name>Failed`) when the scope
 * has none. A caught error then ends the run as failed, as it would uncaught, until the designer
 * points it at a recovery state: a catcher that flowed into the next step (a transcription failure
 * into the scoring) would carry on as if nothing had failed. One edit, one undo step.
 */
export function catchIntoFail(doc: WorkflowDoc, pointer: string): EditResult<{ target: string }> {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return found;
  const scope = found.node.scope;
  let next = doc;
  let target = [...scope.states.values()].find((s) => isObject(s.value) && s.value.Type === 'Fail')?.name;
  if (target === undefined) {
    const added = addState(doc, scope.pointer, 'Fail', { name: uniqueName(`${found.node.name}Failed`, indexStates(doc).names) });
    if (!added.ok) return added;
    next = added.doc;
    target = added.name;
  }
  const list = Array.isArray(found.state.Catch) ? found.state.Catch : [];
  const result = setStateField(next, pointer, 'Catch', addCatcher(list, target));
  return result.ok ? { ...result, target } : result;
}
