/**
 * Dates as a UK user types and reads them in a form field (components/ui/uk-date-input.tsx):
 * day first, dd/mm/yyyy, whatever the browser's locale. The value stays ISO (YYYY-MM-DD). Pure.
 */

/** "2024-06-01" → "01/06/2024"; anything that is not an ISO day → "". */
export function ukFieldText(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What was typed, as an ISO day: `''` for an empty field, null when it is no day. Day first, a
 * four-digit year: "1/6/2024", "01-06-2024", "1.6.2024", "1 6 2024", "1 Jun 2024", "1 June 2024"; an
 * ISO day as it is.
 */
export function parseUkDate(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (t === '') return '';
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  // Four-digit years only: "1/6/20" is a day in 2020 to a parser, and on the way to 2024 to the typist.
  const numeric = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{4})$/.exec(t);
  const named = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (numeric) [d, m, y] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  else if (named) {
    // A month by its name or the start of it, three letters at least: "jun", "june", "sept".
    const month = MONTHS.findIndex((full) => named[2]!.length >= 3 && full.startsWith(named[2]!));
    if (month < 0) return null;
    [d, m, y] = [Number(named[1]), month + 1, Number(named[3])];
  } else return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * A clock time as typed, 24-hour, as "HH:MM": `''` for an empty field, null when it is no time.
 * "9:00", "09:00", "9.30", "0930", "9" (on the hour); "24:00", "9:60" and "9pm" are no time.
 */
export function parseUkTime(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(t);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2] ?? '0')];
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
