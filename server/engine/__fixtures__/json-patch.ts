/**
 * Test support: applies RFC 6902 `add` / `remove` / `replace` operations to a deep copy of a
 * document, so a rule test reads as "the valid fixture, with this one change".
 */
export type PatchOperation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'remove'; path: string };

export function applyPatch<T>(doc: T, ops: readonly PatchOperation[]): T {
  const copy = structuredClone(doc) as unknown;
  let root = copy;
  for (const op of ops) {
    const tokens = op.path.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (tokens.length === 0) {
      if (op.op === 'remove') throw new Error('cannot remove the document root');
      root = structuredClone(op.value);
      continue;
    }
    const last = tokens.pop()!;
    let parent = root as Record<string, unknown> | unknown[];
    for (const t of tokens) {
      const next = (parent as Record<string, unknown>)[t];
      if (typeof next !== 'object' || next === null) throw new Error(`patch path ${op.path} does not exist`);
      parent = next as Record<string, unknown>;
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(index, 0, structuredClone(op.value));
      else if (op.op === 'remove') parent.splice(index, 1);
      else parent[index] = structuredClone(op.value);
    } else {
      if (op.op !== 'add' && !(last in parent)) throw new Error(`patch path ${op.path} does not exist`);
      if (op.op === 'remove') delete parent[last];
      else parent[last] = structuredClone(op.value);
    }
  }
  return root as T;
}
