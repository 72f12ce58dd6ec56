import { escapePointerToken } from '@/lib/json-pointer';
import { isRecord } from '@/lib/is-record';

/**
 * One difference between two JSON documents, at a JSON pointer (RFC 6901). An added or removed
 * member is one entry with its whole value (not expanded); a changed leaf, or a value whose type
 * changed (object ↔ array ↔ scalar), is one `changed` entry with both values.
 */
export type DiffEntry =
  | { kind: 'changed'; path: string; before: unknown; after: unknown }
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown };

const shape = (v: unknown) => (Array.isArray(v) ? 'array' : isRecord(v) ? 'object' : 'scalar');

/**
 * The differences from `before` to `after`, in document order (members of `before` in their
 * order, then members only `after` has). Arrays are compared position by position, so a swapped
 * skill binding (`/…/AgentBinding/skills/0`) is one `changed` entry; extra or missing positions
 * are `added` / `removed`. Equal documents give `[]`.
 */
export function jsonDiff(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (Object.is(before, after)) return [];
  const kind = shape(before);
  if (kind !== shape(after) || kind === 'scalar') return before === after ? [] : [{ kind: 'changed', path, before, after }];
  const out: DiffEntry[] = [];
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const p = `${path}/${i}`;
      if (i >= after.length) out.push({ kind: 'removed', path: p, before: before[i] });
      else if (i >= before.length) out.push({ kind: 'added', path: p, after: after[i] });
      else out.push(...jsonDiff(before[i], after[i], p));
    }
    return out;
  }
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    const p = `${path}/${escapePointerToken(key)}`;
    if (!Object.hasOwn(a, key)) out.push({ kind: 'removed', path: p, before: b[key] });
    else out.push(...jsonDiff(b[key], a[key], p));
  }
  for (const key of Object.keys(a))
    if (!Object.hasOwn(b, key)) out.push({ kind: 'added', path: `${path}/${escapePointerToken(key)}`, after: a[key] });
  return out;
}

/** Counts per kind, for a one-line summary ("3 changed, 1 added, 0 removed"). */
export function diffSummary(entries: readonly DiffEntry[]): Record<DiffEntry['kind'], number> {
  const counts = { changed: 0, added: 0, removed: 0 };
  for (const e of entries) counts[e.kind]++;
  return counts;
}

/** A value as the diff shows it: compact JSON, cut to `max` characters. */
export function previewJson(value: unknown, max = 160): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
