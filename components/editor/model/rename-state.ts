import { isObject } from '@/server/engine/json';
import { stateAt } from './lookup';
import { updateAt } from './pointer-access';
import { retargetState } from './retarget';
import { indexStates, statePointer } from './state-index';
import { nameProblem } from './state-names';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Renames the state at `pointer` to `name`, keeping its place among its siblings, and updates
 * every reference in its scope: StartAt, Next, Default, Choice rules' Next (nested And/Or/Not
 * too) and catchers' Next. Renaming to the current name changes nothing; a name used anywhere
 * in the document, or an invalid one, is refused. Returns the state's new pointer.
 */
export function renameState(doc: WorkflowDoc, pointer: string, name: string): EditResult<{ pointer: string }> {
  const index = indexStates(doc);
  const found = stateAt(index, pointer);
  if (!found.ok) return found;
  const old = found.node.name;
  if (name === old) return { ok: true, doc, pointer };
  const problem = nameProblem(name, index.names);
  if (problem) return problem;
  const scope = found.node.scope.pointer;
  const rename = (target: string) => (target === old ? name : target);
  const next = updateAt(doc, scope, (holder) => {
    if (!isObject(holder) || !isObject(holder.States)) return holder;
    const States: JsonObject = {};
    for (const [key, state] of Object.entries(holder.States)) {
      States[rename(key)] = isObject(state) ? retargetState(state, rename) : state;
    }
    return { ...holder, States, ...(holder.StartAt === old ? { StartAt: name } : {}) };
  });
  if (!next) return refuse('not_found', `No scope at ${scope}.`);
  return { ok: true, doc: next, pointer: statePointer(scope, name) };
}
