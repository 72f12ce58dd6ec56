import { stateAt } from '../model/lookup';
import { setStateField } from '../model/set-state-field';
import { indexStates } from '../model/state-index';
import { uniqueName } from '../model/state-names';
import { refuse, type EditResult, type WorkflowDoc } from '../model/types';
import { asList, removeItem } from './list-edit';

/**
 * Adds a branch to the Parallel state at `pointer`: one Pass state that ends the branch, named
 * after the Parallel and the branch's number and made unique in the document (`FanOutBranch3`).
 * Returns the new state's name.
 */
export function addBranch(doc: WorkflowDoc, pointer: string): EditResult<{ name: string }> {
  const index = indexStates(doc);
  const found = stateAt(index, pointer);
  if (!found.ok) return found;
  if (found.state.Type !== 'Parallel') return refuse('not_allowed', 'Only a Parallel state has branches.');
  const branches = asList(found.state.Branches);
  const name = uniqueName(`${found.node.name}Branch${branches.length + 1}`, index.names);
  const result = setStateField(doc, pointer, 'Branches', [...branches, { StartAt: name, States: { [name]: { Type: 'Pass', End: true } } }]);
  return result.ok ? { ...result, name } : result;
}

/**
 * Removes branch `branch` (0-based) of the Parallel state at `pointer`, with every state in it.
 * A Parallel keeps at least one branch: removing the last one is refused.
 */
export function removeBranch(doc: WorkflowDoc, pointer: string, branch: number): EditResult {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return found;
  if (found.state.Type !== 'Parallel') return refuse('not_allowed', 'Only a Parallel state has branches.');
  const branches = asList(found.state.Branches);
  const rest = removeItem(branches, branch);
  if (rest === branches) return refuse('invalid_value', `This Parallel has no branch ${branch + 1}.`);
  if (rest.length === 0) return refuse('not_allowed', 'A Parallel needs at least one branch; remove the Parallel state itself instead.');
  return setStateField(doc, pointer, 'Branches', rest);
}
