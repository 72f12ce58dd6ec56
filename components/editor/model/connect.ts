import { isObject } from '@/server/engine/json';
import { child } from '@/server/engine/issues';
import { stateAt } from './lookup';
import { newCondition, startingVariable } from './new-choice-rule';
import { updateAt } from './pointer-access';
import { indexStates } from './state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Which transition of the source a connection sets. Without `index`, `choice` adds a rule and
 * `catch` a catcher; with it, that rule's or catcher's target changes (and `errors` replaces the
 * catcher's ErrorEquals when given).
 */
export type ConnectHandle =
  { kind: 'next' } | { kind: 'default' } | { kind: 'choice'; index?: number } | { kind: 'catch'; index?: number; errors?: string[] };

const CATCHING_TYPES = new Set(['Task', 'Parallel', 'Map']);

/**
 * Points a transition of the state at `source` at the state named `target`, which must be in the
 * same scope (transitions never leave a branch or processor). `next` is refused on Choice,
 * Succeed and Fail states and removes `End`; `default` and `choice` need a Choice; `catch` a Task,
 * Parallel or Map. A new catcher catches `States.ALL`, or `States.TaskFailed` when a catch-all
 * exists (it is then placed before the catch-all, which must stay last). Returns the id (pointer)
 * of the edge that now exists.
 */
export function connect(doc: WorkflowDoc, source: string, handle: ConnectHandle, target: string): EditResult<{ edgeId: string }> {
  const index = indexStates(doc);
  const found = stateAt(index, source);
  if (!found.ok) return found;
  const { node, state } = found;
  if (!isObject(node.scope.states.get(target)?.value)) {
    const elsewhere = index.tree.states.some((s) => s.name === target);
    return elsewhere
      ? refuse('other_scope', `"${target}" is in another branch or processor; a transition stays within its own scope.`)
      : refuse('not_found', `No state named "${target}" in this scope.`);
  }
  // A new rule starts with a field of the Choice's input (new-choice-rule.ts).
  const variable = handle.kind === 'choice' && handle.index === undefined ? startingVariable(doc, source) : '';
  const change = connected(state, handle, target, variable);
  if ('error' in change) return change;
  const next = updateAt(doc, source, () => change.state);
  if (!next) return refuse('not_found', `No state at ${source}.`);
  return { ok: true, doc: next, edgeId: child(source, ...change.field) };
}

type Change = { state: JsonObject; field: Array<string | number> } | ReturnType<typeof refuse>;

function connected(state: JsonObject, handle: ConnectHandle, target: string, variable: string): Change {
  const type = state.Type;
  switch (handle.kind) {
    case 'next': {
      if (type === 'Choice') return refuse('not_allowed', 'A Choice state moves on through its rules and Default, not Next.');
      if (type === 'Succeed' || type === 'Fail') return refuse('not_allowed', `A ${type} state ends its scope and has no Next.`);
      const { End: _end, ...rest } = state;
      return { state: { ...rest, Next: target }, field: ['Next'] };
    }
    case 'default':
      if (type !== 'Choice') return refuse('not_allowed', 'Only a Choice state has a Default.');
      return { state: { ...state, Default: target }, field: ['Default'] };
    case 'choice':
      if (type !== 'Choice') return refuse('not_allowed', 'Only a Choice state has rules.');
      return setListItem(
        state,
        'Choices',
        handle.index,
        (rule) => ({ ...rule, Next: target }),
        () => ({ ...newCondition(variable), Next: target }),
      );
    case 'catch': {
      if (typeof type !== 'string' || !CATCHING_TYPES.has(type))
        return refuse('not_allowed', 'Only Task, Parallel and Map states catch errors.');
      const errors = handle.errors;
      if (errors !== undefined && (errors.length === 0 || !errors.every((e) => typeof e === 'string' && e !== ''))) {
        return refuse('invalid_value', 'A catcher needs at least one error name.');
      }
      return setListItem(
        state,
        'Catch',
        handle.index,
        (c) => ({ ...c, ...(errors ? { ErrorEquals: [...errors] } : {}), Next: target }),
        (list) => ({
          ErrorEquals: errors ? [...errors] : list.some(catchesAll) ? ['States.TaskFailed'] : ['States.ALL'],
          Next: target,
        }),
      );
    }
  }
}

/** Sets `state[field][index]` through `update`, or inserts `create(list)` (before a trailing catch-all). */
function setListItem(
  state: JsonObject,
  field: 'Choices' | 'Catch',
  index: number | undefined,
  update: (item: JsonObject) => JsonObject,
  create: (list: unknown[]) => JsonObject,
): Change {
  const list = Array.isArray(state[field]) ? (state[field] as unknown[]) : [];
  if (index !== undefined) {
    const item = list[index];
    if (!Number.isInteger(index) || !isObject(item)) return refuse('invalid_value', `${field} has no entry ${index}.`);
    return { state: { ...state, [field]: list.map((x, i) => (i === index ? update(item) : x)) }, field: [field, index, 'Next'] };
  }
  const added = create(list);
  const at = field === 'Catch' && catchesAll(list.at(-1)) && !catchesAll(added) ? list.length - 1 : list.length;
  return { state: { ...state, [field]: [...list.slice(0, at), added, ...list.slice(at)] }, field: [field, at, 'Next'] };
}

function catchesAll(catcher: unknown): boolean {
  return isObject(catcher) && Array.isArray(catcher.ErrorEquals) && catcher.ErrorEquals.includes('States.ALL');
}
