import neo4j from 'neo4j-driver';

/**
 * Value conversions at the Bolt boundary. JavaScript numbers travel as floats, so every value a
 * statement needs as an INTEGER (LIMIT, counters, latencies, attempts) is sent as a driver
 * Integer; integers come back as Integer objects unless the driver was told otherwise, so every
 * number read goes through `num`.
 */

export const int = (n: number) => neo4j.int(n);

/** An Integer, a JS number, or null (e.g. an aggregate over no rows) → number | null. */
export function num(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (neo4j.isInt(v as never)) return (v as { toNumber(): number }).toNumber();
  if (typeof v === 'bigint') return Number(v);
  throw new TypeError(`not a number: ${String(v)}`);
}

/** Epoch milliseconds read back from a DATETIME property → ISO string. */
export function msToIso(v: unknown): string {
  const ms = num(v);
  if (ms === null) throw new TypeError('missing timestamp');
  return new Date(ms).toISOString();
}
