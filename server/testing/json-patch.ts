import { pointerTokens } from '../../lib/json-pointer.ts';

/**
 * The subset of RFC 6902 JSON Patch the tests use (`add`, `replace`, `remove`): schemas/amendments.json
 * is replayed with it (the amendments are data, not prose only), and rule tests read as "the valid
 * fixture, with this one change".
 * Pure: returns a patched deep copy and never mutates its input.
 */
export type JsonPatchOperation = { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

/** Splits an RFC 6901 pointer into unescaped reference tokens; throws on a string that is not a pointer. */
export function parsePointer(p: string): string[] {
  const tokens = pointerTokens(p);
  if (!tokens) throw new Error(`JSON pointer must start with "/": ${p}`);
  return tokens;
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function arrayIndex(arr: unknown[], token: string, forAdd: boolean): number {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`array index out of range: ${token}`);
  return i;
}

/** Applies `ops` in order to a deep copy of `doc`; throws on a path that does not fit (a broken patch). */
export function applyJsonPatch<T>(doc: T, ops: readonly JsonPatchOperation[]): T {
  let root: unknown = structuredClone(doc);
  for (const op of ops) {
    const tokens = parsePointer(op.path);
    const last = tokens.pop();
    if (last === undefined) {
      if (op.op === 'remove') throw new Error('cannot remove the document root');
      root = structuredClone(op.value);
      continue;
    }
    let parent: unknown = root;
    for (const t of tokens) {
      if (!isContainer(parent)) throw new Error(`path ${op.path} passes through a non-container`);
      parent = Array.isArray(parent) ? parent[arrayIndex(parent, t, false)] : parent[t];
    }
    if (!isContainer(parent)) throw new Error(`parent of ${op.path} is not an object or array`);
    if (Array.isArray(parent)) {
      const i = arrayIndex(parent, last, op.op === 'add');
      if (op.op === 'add') parent.splice(i, 0, structuredClone(op.value));
      else if (op.op === 'replace') parent[i] = structuredClone(op.value);
      else parent.splice(i, 1);
    } else {
      const exists = Object.prototype.hasOwnProperty.call(parent, last);
      if (op.op !== 'add' && !exists) throw new Error(`${op.op} target does not exist: ${op.path}`);
      if (op.op === 'remove') delete parent[last];
      else parent[last] = structuredClone(op.value);
    }
  }
  return root as T;
}
