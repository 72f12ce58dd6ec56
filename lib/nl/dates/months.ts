/** English month names and their usual abbreviations, for rules that name a month ("first week of July"). */
const NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const SHORT = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sept?', 'oct', 'nov', 'dec'];

/** A regular-expression alternative for a month name (full or abbreviated, "Sept." too). */
export const MONTH = String.raw`(?:${[...NAMES, ...SHORT].join('|')})\.?`;

/** 1–12 for a month name matched by MONTH. */
export function monthNumber(said: string): number {
  const w = said.toLowerCase().replace(/\.$/, '');
  return NAMES.findIndex((n) => n.startsWith(w.slice(0, 3))) + 1;
}
