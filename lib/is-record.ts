/**
 * The one test for "a JSON-style object" outside the engine: not null, not an array. Values read
 * from tool results, events and documents are `unknown`; this narrows them for property reads.
 * (The engine's validator uses the stricter `isObject` of server/engine/json.ts, which also
 * refuses class instances such as Map or Date.)
 */
export type Obj = Record<string, unknown>;

export function isRecord(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value itself when it is a record, else an empty one (for chained optional reads). */
export function asRecord(value: unknown): Obj {
  return isRecord(value) ? value : {};
}

/** A non-empty string, else null. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A finite number, else null. */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
