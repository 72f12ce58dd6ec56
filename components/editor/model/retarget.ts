import { isObject } from '@/server/engine/json';
import type { JsonObject } from './types';

/** A transition kind whose target is a state name. */
export type TransitionKind = 'next' | 'default' | 'choice' | 'catch';

/** A state's new target for a transition: a name (the same one keeps it), or null to drop it. */
export type Retarget = (target: string, kind: TransitionKind) => string | null;

/**
 * A copy of `state` with every transition target passed through `retarget`: Next, Default, each
 * Choice rule's Next (and a Next misplaced in a nested And/Or/Not rule) and each catcher's Next.
 * Dropping means: Next → `End: true`; Default → removed; a Choice rule or catcher → removed (an
 * emptied Catch list too; an emptied Choices list stays, the validator asks for a rule); a nested
 * Next → removed. Returns `state` itself when nothing changes.
 */
export function retargetState(state: JsonObject, retarget: Retarget): JsonObject {
  let out = state;
  const set = (key: string, value: unknown) => {
    if (out === state) out = { ...state };
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  if (typeof state.Next === 'string') {
    const next = retarget(state.Next, 'next');
    if (next === null) {
      set('Next', undefined);
      set('End', true);
    } else if (next !== state.Next) set('Next', next);
  }
  if (typeof state.Default === 'string') {
    const target = retarget(state.Default, 'default');
    if (target !== state.Default) set('Default', target ?? undefined);
  }
  if (Array.isArray(state.Choices)) {
    const rules = retargetList(state.Choices, (rule) => retargetRule(rule, retarget, true));
    if (rules !== state.Choices) set('Choices', rules);
  }
  if (Array.isArray(state.Catch)) {
    const catchers = retargetList(state.Catch, (c) => retargetCatcher(c, retarget));
    if (catchers !== state.Catch) set('Catch', catchers.length > 0 ? catchers : undefined);
  }
  return out;
}

/** Maps each item; an item mapped to null is removed. The same array when nothing changes. */
function retargetList(items: unknown[], map: (item: unknown) => unknown): unknown[] {
  const out: unknown[] = [];
  let changed = false;
  for (const item of items) {
    const next = map(item);
    if (next !== item) changed = true;
    if (next !== null) out.push(next);
  }
  return changed ? out : items;
}

function retargetCatcher(catcher: unknown, retarget: Retarget): unknown {
  if (!isObject(catcher) || typeof catcher.Next !== 'string') return catcher;
  const next = retarget(catcher.Next, 'catch');
  if (next === null) return null;
  return next === catcher.Next ? catcher : { ...catcher, Next: next };
}

/** A top-level rule whose Next is dropped is removed (null); nested rules only lose a stray Next. */
function retargetRule(rule: unknown, retarget: Retarget, topLevel: boolean): unknown {
  if (!isObject(rule)) return rule;
  let out = rule;
  if (typeof rule.Next === 'string') {
    const next = retarget(rule.Next, 'choice');
    if (next === null && topLevel) return null;
    if (next !== rule.Next) {
      out = { ...rule };
      if (next === null) delete out.Next;
      else out.Next = next;
    }
  }
  for (const key of ['And', 'Or'] as const) {
    const list = rule[key];
    if (!Array.isArray(list)) continue;
    const nested = list.map((r) => retargetRule(r, retarget, false));
    if (nested.some((r, i) => r !== list[i])) out = { ...out, [key]: nested };
  }
  if (isObject(rule.Not)) {
    const nested = retargetRule(rule.Not, retarget, false);
    if (nested !== rule.Not) out = { ...out, Not: nested };
  }
  return out;
}
