/** Numbers in the findings' messages: en-GB grouping, at most two decimals ("12,345", "20.5"). */
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export const num = (x: number): string => NUMBER.format(x);

/** A duration in milliseconds as written in a message: "12,345 ms". */
export const ms = (x: number): string => `${num(x)} ms`;

/** "1 tool call", "3 tool calls". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${num(n)} ${n === 1 ? one : many}`;

/** Drops floating-point dust from sums of cost units (0.1 + 0.2 → 0.3), keeping six decimals. */
export const units = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Milliseconds since the epoch of an ISO 8601 time; throws on a time that does not parse (a caller bug). */
export function epochMs(iso: string, what: string): number {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new RangeError(`${what} is not an ISO 8601 time: ${JSON.stringify(iso)}`);
  return t;
}
