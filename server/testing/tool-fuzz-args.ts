/**
 * Seeded generators of bad tool arguments for the bounded fuzz test (issue 29,
 * server/tools/tool-fuzz.int.test.ts). Pure and deterministic: the same seed gives the same
 * calls, so a failure reproduces. Arguments start from a value shaped after the tool's input
 * JSON Schema (so some calls reach the handler), then one mutation makes them bad: a wrong type,
 * an over-long string, a huge array, a NUL byte, a non-object, a missing or extra field, a number
 * out of range, or deep nesting. The random source is passed in (the test uses
 * lib/seeded-random.ts's mulberry32).
 */

type Schema = Record<string, unknown>;

/** A stable 32-bit hash of a name (FNV-1a), so each tool gets its own stream of cases. */
export function nameSeed(name: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Fuzzer {
  constructor(readonly rand: () => number) {}

  int(n: number): number {
    return Math.floor(this.rand() * n);
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }

  uuid(): string {
    const hex = () => this.int(16).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
  }

  /** A string the schema would likely accept (format and known patterns honoured, lengths kept). */
  string(s: Schema): string {
    if (Array.isArray(s.enum)) return this.pick(s.enum as string[]);
    if (s.format === 'uuid') return this.uuid();
    if (s.format === 'date-time') return `2026-0${1 + this.int(9)}-1${this.int(9)}T10:00:00Z`;
    if (s.format === 'date') return `2026-0${1 + this.int(9)}-1${this.int(9)}`;
    if (s.format === 'base64') return this.pick(['', 'aGVsbG8=', 'eA==']);
    const pattern = typeof s.pattern === 'string' ? s.pattern : '';
    if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return `2026-0${1 + this.int(9)}-1${this.int(9)}`;
    if (pattern.includes('\\d{1,16}-')) return `${1718000000000 + this.int(1000)}-0`;
    const pool = ['x', 'a-b', 'skill://whisper-transcribe', 'workflows/x.json', 'notes/a.md', '{"a":1}', '[]', 'é 中文 🙂', 'insight', ' '];
    let v = this.pick(pool);
    const min = typeof s.minLength === 'number' ? s.minLength : 0;
    const max = typeof s.maxLength === 'number' ? s.maxLength : 50;
    while (v.length < min) v += 'x';
    return v.slice(0, Math.max(min, Math.min(max, v.length)));
  }

  /** A free JSON value, small. */
  json(depth = 0): unknown {
    const k = this.int(depth > 2 ? 4 : 6);
    if (k === 0) return null;
    if (k === 1) return this.int(1000) - 500;
    if (k === 2) return this.pick(['x', '', 'skill://a', '\u00e9']);
    if (k === 3) return this.rand() < 0.5;
    if (k === 4) return Array.from({ length: this.int(3) }, () => this.json(depth + 1));
    return Object.fromEntries(Array.from({ length: this.int(3) }, (_, i) => [`k${i}`, this.json(depth + 1)]));
  }

  /** A value shaped after `s` (first branch of a union; optional properties half the time). */
  value(s: unknown, defs: Schema, depth = 0): unknown {
    if (s === null || typeof s !== 'object') return this.json();
    const sc = s as Schema;
    if (typeof sc.$ref === 'string') return this.value(defs[sc.$ref.split('/').pop()!], defs, depth + 1);
    for (const k of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(sc[k])) return this.value(this.pick(sc[k] as unknown[]), defs, depth);
    }
    if (Array.isArray(sc.allOf)) return this.value((sc.allOf as unknown[])[0], defs, depth);
    if (sc.const !== undefined) return sc.const;
    if (Array.isArray(sc.enum)) return this.pick(sc.enum as unknown[]);
    const type = Array.isArray(sc.type) ? this.pick(sc.type as string[]) : sc.type;
    if (depth > 6) return null;
    switch (type) {
      case 'string':
        return this.string(sc);
      case 'integer':
      case 'number': {
        const min = typeof sc.minimum === 'number' ? sc.minimum : 0;
        const max = typeof sc.maximum === 'number' ? sc.maximum : min + 100;
        const v = min + this.rand() * Math.min(max - min, 100);
        return type === 'integer' ? Math.ceil(v) : v;
      }
      case 'boolean':
        return this.rand() < 0.5;
      case 'null':
        return null;
      case 'array': {
        const min = typeof sc.minItems === 'number' ? sc.minItems : 0;
        const n = min + this.int(3);
        return Array.from({ length: n }, () => this.value(sc.items, defs, depth + 1));
      }
      case 'object':
        return this.object(sc, defs, depth);
      default:
        return this.json();
    }
  }

  object(s: Schema, defs: Schema, depth = 0): Record<string, unknown> {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const required = new Set((s.required ?? []) as string[]);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(props)) {
      if (required.has(k) || this.rand() < 0.5) out[k] = this.value(v, defs, depth + 1);
    }
    if (Object.keys(props).length === 0 && s.additionalProperties !== undefined && s.additionalProperties !== false) {
      for (let i = 0; i < this.int(3); i++) out[`k${i}`] = this.value(s.additionalProperties, defs, depth + 1);
    }
    return out;
  }
}

export const MUTATIONS = [
  'none',
  'wrong_type',
  'long_string',
  'huge_array',
  'nul_byte',
  'non_object',
  'missing_field',
  'extra_key',
  'number_out_of_range',
  'deep_nesting',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** The paths (as key lists) of every value inside `v`, the root excluded. */
function paths(v: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (v !== null && typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) {
      const p = [...at, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      paths(c, p, out);
    }
  }
  return out;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): void {
  let o = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path[path.length - 1]!] = value;
}

function getAt(root: unknown, path: Array<string | number>): unknown {
  let o = root;
  for (const k of path) o = (o as Record<string | number, unknown>)[k];
  return o;
}

/** One bad call: the base arguments with `mutation` applied somewhere (a fresh copy each time). */
export function mutate(f: Fuzzer, base: Record<string, unknown>, mutation: Mutation, schema: Schema): unknown {
  const args = structuredClone(base);
  const all = paths(args);
  const target = all.length > 0 ? f.pick(all) : null;
  const replace = (value: unknown) => {
    if (target) setAt(args, target, value);
    else args[f.pick(['x', 'query', 'run_id'])] = value;
  };
  switch (mutation) {
    case 'none':
      return args;
    case 'wrong_type':
      replace(f.pick([42, 'text', true, null, [1, 'a'], { a: 1 }, -0.5]));
      return args;
    case 'long_string': {
      const strings = all.filter((p) => typeof getAt(args, p) === 'string');
      const longS = 'A'.repeat(f.pick([1_001, 5_000, 20_001, 200_000]));
      if (strings.length > 0) setAt(args, f.pick(strings), longS);
      else replace(longS);
      return args;
    }
    case 'huge_array':
      replace(Array.from({ length: f.pick([101, 1_001, 100_000]) }, (_, i) => `id-${i}`));
      return args;
    case 'nul_byte': {
      const strings = all.filter((p) => typeof getAt(args, p) === 'string');
      if (strings.length > 0) setAt(args, f.pick(strings), `a\u0000b`);
      else replace('\u0000');
      if (f.rand() < 0.2) args['key\u0000'] = 'x';
      return args;
    }
    case 'non_object':
      return f.pick(['a string', 42, [1, 2], null, true, '', [{}]]);
    case 'missing_field': {
      const required = (schema.required ?? []) as string[];
      if (required.length > 0) delete args[f.pick(required)];
      return args;
    }
    case 'extra_key':
      args[f.pick(['extra', '__proto__', 'constructor', 'x'.repeat(300)])] = f.json();
      return args;
    case 'number_out_of_range':
      replace(f.pick([-1, -1e15, 1e15, 0.5, Number.MAX_SAFE_INTEGER + 2, 1e308]));
      return args;
    case 'deep_nesting': {
      const depth = f.pick([40, 65, 500]);
      replace(JSON.parse('['.repeat(depth) + ']'.repeat(depth)));
      return args;
    }
  }
}
