import { allows, isStateType } from '@/server/engine/asl/state-fields';
import { isObject } from '@/server/engine/json';
import type { FlowEdge } from './flow-graph';
import { stateAt } from './lookup';
import { updateAt } from './pointer-access';
import { indexStates } from './state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/** The part of a FlowEdge that names the transition: its source state, kind and rule/catcher index. */
export type EdgeRef = Pick<FlowEdge, 'source' | 'kind' | 'index'>;

/**
 * Removes one transition: Next becomes `End: true` (on types that may end), Default is removed,
 * the Choice rule or catcher at `index` is removed (an emptied Catch list goes too). A start edge
 * cannot be removed — a scope always starts somewhere; use `setStartAt`. Refuses a transition
 * that does not exist.
 */
export function disconnect(doc: WorkflowDoc, edge: EdgeRef): EditResult {
  if (edge.kind === 'start') return refuse('not_allowed', 'A scope always has a start; choose another start state instead.');
  const found = stateAt(indexStates(doc), edge.source);
  if (!found.ok) return found;
  const state = without(found.state, { ...edge, kind: edge.kind });
  if (!state) return refuse('not_found', `The ${edge.kind} transition of ${edge.source} does not exist.`);
  const next = updateAt(doc, edge.source, () => state);
  return next ? { ok: true, doc: next } : refuse('not_found', `No state at ${edge.source}.`);
}

function without(state: JsonObject, edge: EdgeRef & { kind: Exclude<FlowEdge['kind'], 'start'> }): JsonObject | null {
  const { [fieldOf(edge.kind)]: field, ...rest } = state;
  if (edge.kind === 'next' || edge.kind === 'default') {
    if (typeof field !== 'string') return null;
    const mayEnd = edge.kind === 'next' && (!isStateType(state.Type) || allows(state.Type, 'End'));
    return mayEnd ? { ...rest, End: true } : rest;
  }
  if (!Array.isArray(field) || edge.index === undefined || !isObject(field[edge.index])) return null;
  const list = field.filter((_, i) => i !== edge.index);
  return edge.kind === 'catch' && list.length === 0 ? rest : { ...rest, [fieldOf(edge.kind)]: list };
}

function fieldOf(kind: Exclude<FlowEdge['kind'], 'start'>): string {
  return { next: 'Next', default: 'Default', choice: 'Choices', catch: 'Catch' }[kind];
}
