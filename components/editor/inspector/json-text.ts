import { isObject } from '@/server/engine/json';

/**
 * Reading what is typed into the inspector's text controls. A control writes to the document
 * only what parses; otherwise it keeps the text and shows the `message` under itself.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** JSON text as written in a JSON control: two-space indentation, or compact when `compact`. */
export function formatJson(value: unknown, compact = false): string {
  if (value === undefined) return '';
  return JSON.stringify(value, null, compact ? undefined : 2) ?? '';
}

/** Any JSON value; `expect: 'object'` also requires a `{ … }` (a payload template, a schema). */
export function parseJson(text: string, expect: 'any' | 'object' = 'any'): Parsed<unknown> {
  if (text.trim() === '')
    return {
      ok: false,
      message: expect === 'object' ? 'Enter a JSON object, e.g. {}.' : 'Enter a JSON value, e.g. "text", 42, true, null or {}.',
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Not JSON: ${(err as Error).message}` };
  }
  if (expect === 'object' && !isObject(value)) return { ok: false, message: 'Must be a JSON object ({ … }).' };
  return { ok: true, value };
}

/**
 * A number field's text: empty means "not set" (`undefined`); otherwise a finite number, an
 * integer when `integer`, at least `min` and at most `max` when given.
 */
export function parseNumber(text: string, rules: { integer?: boolean; min?: number; max?: number } = {}): Parsed<number | undefined> {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  const n = Number(t);
  if (!Number.isFinite(n) || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return { ok: false, message: 'Enter a number.' };
  if (rules.integer && !Number.isInteger(n)) return { ok: false, message: 'Enter a whole number.' };
  if (rules.min !== undefined && n < rules.min) return { ok: false, message: `At least ${rules.min}.` };
  if (rules.max !== undefined && n > rules.max) return { ok: false, message: `At most ${rules.max}.` };
  return { ok: true, value: n };
}

/** A list typed as comma-separated words (tags): trimmed, empty items dropped, duplicates kept once. */
export function parseList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
