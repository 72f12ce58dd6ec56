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
  return new Date(isoText(t)).toISOString() as T;
}

/** PostgreSQL's text form of a timestamp (`2024-07-08 09:00:00.5+00`) in ISO form; an ISO string as it is. */
function isoText(t: string): string {
  return t.includes('T') ? t : t.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
}

/**
 * A stored timestamp (either text form, as isoInstant) as microseconds since the epoch, for ordering:
 * PostgreSQL prints only the fraction's significant digits (`09:00:01+00`, `09:00:01.5+00`), and the
 * session's time zone may differ between rows written across a clock change, so the text does not sort.
 */
export function instantMicros(t: string): number {
  const iso = isoText(t);
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  const ms = Date.parse(iso.replace(/\.\d+/, ''));
  return ms * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}
