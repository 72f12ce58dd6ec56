import { isObject } from '@/server/engine/json';
import { isClipboardPayload } from './clipboard';
import { scopeAt } from './lookup';
import { mapNestedScopes } from './nested-scopes';
import { insertStates } from './insert-states';
import { retargetState } from './retarget';
import { indexStates } from './state-index';
import { uniqueName } from './state-names';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from './types';

/**
 * Pastes copied states into the scope at `scope`. Every pasted state — nested ones in pasted
 * containers too — gets a fresh unique name (its own when free, else `NameCopy`, `NameCopy2`, …).
 * Transitions between pasted states that came from one scope follow the renaming; transitions
 * leaving the pasted set are dropped (Next → `End: true`, rules/catchers/Default removed). The
 * scope's StartAt is set to the first pasted state when the scope had none. Returns the new
 * top-level names in payload order. Refuses an unknown scope and anything not a clipboard payload.
 */
export function pasteStates(doc: WorkflowDoc, scope: string, payload: unknown): EditResult<{ names: string[] }> {
  if (!isClipboardPayload(payload)) return refuse('invalid_value', 'The clipboard does not hold copied states.');
  const index = indexStates(doc);
  const found = scopeAt(index, scope);
  if (!found.ok) return found;
  const taken = new Set(index.names);
  const renamed = new Map<string, string>();
  const key = (origin: string, name: string) => `${origin}\u0000${name}`;
  const names = payload.states.map((s) => {
    const name = copyName(s.name, taken);
    taken.add(name);
    renamed.set(key(s.scope, s.name), name);
    return name;
  });
  const pasted: JsonObject = {};
  payload.states.forEach((s, i) => {
    const state = retargetState(s.state, (target) => renamed.get(key(s.scope, target)) ?? null);
    pasted[names[i]!] = renameNested(state, taken);
  });
  const next = insertStates(doc, scope, pasted);
  if (!next) return refuse('invalid_value', `The States of ${scope} is not an object; fix it in the JSON view first.`);
  return { ok: true, doc: next, names };
}

/** Gives every state in the nested scopes of `state` a fresh name (added to `taken`), depth first. */
function renameNested(state: JsonObject, taken: Set<string>): JsonObject {
  return mapNestedScopes(state, (holder) => {
    if (!isObject(holder.States)) return holder;
    const local = new Map<string, string>();
    for (const name of Object.keys(holder.States)) {
      const fresh = copyName(name, taken);
      taken.add(fresh);
      local.set(name, fresh);
    }
    const States: JsonObject = {};
    for (const [name, inner] of Object.entries(holder.States)) {
      States[local.get(name)!] = isObject(inner)
        ? renameNested(
            retargetState(inner, (t) => local.get(t) ?? null),
            taken,
          )
        : inner;
    }
    const startAt = typeof holder.StartAt === 'string' ? local.get(holder.StartAt) : undefined;
    return { ...holder, ...(startAt ? { StartAt: startAt } : {}), States };
  });
}

/** The name itself when free, else `<name>Copy` made unique. */
function copyName(name: string, taken: ReadonlySet<string>): string {
  return taken.has(name) ? uniqueName(`${name}Copy`, taken) : name;
}
