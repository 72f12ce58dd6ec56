import { isObject } from '@/server/engine/json';
import { updateAt } from './pointer-access';
import type { JsonObject, WorkflowDoc } from './types';

/**
 * `doc` with `states` appended to the States of the scope at `scope` (created when missing).
 * The first inserted state becomes the scope's StartAt when the scope had no states or no
 * StartAt. Null when the scope is missing or its States is not an object.
 */
export function insertStates(doc: WorkflowDoc, scope: string, states: JsonObject): WorkflowDoc | null {
  let refused = false;
  const next = updateAt(doc, scope, (holder) => {
    if (!isObject(holder) || (holder.States !== undefined && !isObject(holder.States))) {
      refused = true;
      return holder;
    }
    const existing = isObject(holder.States) ? holder.States : {};
    const first = Object.keys(states)[0];
    const start = first !== undefined && (Object.keys(existing).length === 0 || typeof holder.StartAt !== 'string');
    return { ...holder, ...(start ? { StartAt: first } : {}), States: { ...existing, ...states } };
  });
  return refused ? null : next;
}
