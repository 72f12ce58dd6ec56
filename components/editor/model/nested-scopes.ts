import { PROCESSOR_FIELDS } from '@/server/engine/asl/state-tree';
import { isObject } from '@/server/engine/json';
import type { JsonObject } from './types';

/**
 * A copy of a Parallel or Map state with `change` applied to each nested scope holder (every
 * Branches item, the ItemProcessor and the legacy Iterator) that is an object. Other states, and
 * states whose holders `change` returns unchanged, are returned as they are.
 */
export function mapNestedScopes(state: JsonObject, change: (holder: JsonObject) => JsonObject): JsonObject {
  let out = state;
  if (state.Type === 'Parallel' && Array.isArray(state.Branches)) {
    const branches = state.Branches.map((b) => (isObject(b) ? change(b) : b));
    if (branches.some((b, i) => b !== (state.Branches as unknown[])[i])) out = { ...out, Branches: branches };
  }
  if (state.Type === 'Map') {
    for (const field of PROCESSOR_FIELDS) {
      const holder = state[field];
      if (!isObject(holder)) continue;
      const next = change(holder);
      if (next !== holder) out = { ...out, [field]: next };
    }
  }
  return out;
}
