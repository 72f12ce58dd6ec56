import { isObject } from '@/server/engine/json';
import { formatJson, parseJson } from './json-text';

/**
 * The key/value editor of a Payload Template (Parameters, ResultSelector, ItemSelector). A row
 * whose key ends in `.$` is dynamic: its text is a path or an intrinsic call, written as a string.
 * Any other row is static: its text is JSON (a nested object may be typed as JSON text).
 */
export interface PayloadRow {
  key: string;
  text: string;
}

export const isDynamicKey = (key: string) => key.endsWith('.$');

/** The rows of a template, in its key order. A template that is not an object gives no rows. */
export function rowsOf(template: unknown): PayloadRow[] {
  if (!isObject(template)) return [];
  return Object.entries(template).map(([key, value]) => ({
    key,
    text: isDynamicKey(key) && typeof value === 'string' ? value : formatJson(value, !isObject(value) && !Array.isArray(value)),
  }));
}

/**
 * The template the rows stand for, or why each faulty row cannot be written (by row index):
 * an empty key, a key used twice, `a` beside `a.$` (both produce `a`), static text that is not JSON.
 */
export function templateOf(
  rows: readonly PayloadRow[],
): { ok: true; value: Record<string, unknown> } | { ok: false; problems: ReadonlyMap<number, string> } {
  const problems = new Map<number, string>();
  const value: Record<string, unknown> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '' || key === '.$') return problems.set(i, 'Enter a field name.');
    const produced = isDynamicKey(key) ? key.slice(0, -2) : key;
    if (seen.has(produced)) return problems.set(i, `Another row already produces the field "${produced}".`);
    seen.set(produced, i);
    if (isDynamicKey(key)) {
      value[key] = row.text;
      return;
    }
    const parsed = parseJson(row.text);
    if (!parsed.ok) return problems.set(i, `${parsed.message} (text needs quotes: "like this")`);
    value[key] = parsed.value;
  });
  return problems.size ? { ok: false, problems } : { ok: true, value };
}

/**
 * A row switched between static and dynamic: `name` ↔ `name.$`. A static string that looks like a
 * path or intrinsic becomes the dynamic text; otherwise the dynamic text starts as `$.`. A dynamic
 * row's path becomes a static JSON string.
 */
export function toggleDynamic(row: PayloadRow): PayloadRow {
  if (isDynamicKey(row.key)) return { key: row.key.slice(0, -2), text: JSON.stringify(row.text) };
  const parsed = parseJson(row.text);
  const path = parsed.ok && typeof parsed.value === 'string' && /^(\$|States\.)/.test(parsed.value) ? parsed.value : '$.';
  return { key: `${row.key}.$`, text: path };
}

/** A name for a new row that no row produces yet: `field1`, `field2`, … (with `.$` when `dynamic`). */
export function newRowKey(rows: readonly PayloadRow[], dynamic: boolean): string {
  const used = new Set(rows.map((r) => (isDynamicKey(r.key) ? r.key.slice(0, -2) : r.key)));
  let n = rows.length + 1;
  while (used.has(`field${n}`)) n++;
  return dynamic ? `field${n}.$` : `field${n}`;
}
