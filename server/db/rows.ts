/** Rows of a raw `db.execute` result (node-postgres and PGlite both return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A stored timestamp in either database's text form (`mode: 'string'` columns: PostgreSQL's
 * `2024-07-08 09:00:00+00`, or an ISO string) as an ISO instant, as tool answers give times; null stays null.
 */
export function isoInstant<T extends string | null>(t: T): T {
  if (t === null) return t;
  return new Date(t.includes('T') ? t : t.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString() as T;
}
