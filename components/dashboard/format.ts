import { scoreText } from '@/components/qa/format';
import { msText } from '@/lib/duration-text';
import { dayText } from './days';
import type { CellValue, Column, ColumnKind } from './figure';

/**
 * How the dashboard writes numbers (pure): en-GB, scores to one decimal as the QA pages show them,
 * rates (0…1 in the contract) as percentages, durations in seconds. "—" where nothing was measured:
 * a missing figure is never shown as a zero.
 */
const COUNT = new Intl.NumberFormat('en-GB');
const ONE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const NONE = '—';

const isNumber = (v: CellValue): v is number => typeof v === 'number' && Number.isFinite(v);
/** Rounded half away from zero, as Intl writes the table's numbers, so the file and the page agree (−2.25 → −2.3). */
const round = (v: number, decimals: number) => (Math.sign(v) * Math.round(Math.abs(v) * 10 ** decimals)) / 10 ** decimals;

export const countText = (n: number | null | undefined) => (n === null || n === undefined ? NONE : COUNT.format(n));
/** 0.8 → "80.0%". */
export const rateText = (r: number | null | undefined) => (r === null || r === undefined ? NONE : `${ONE.format(r * 100)}%`);
/** 2.5 → "+2.5", −3 → "−3" (a true minus sign). */
export const signedText = (n: number | null | undefined) =>
  n === null || n === undefined ? NONE : n > 0 ? `+${scoreText(n)}` : n < 0 ? `−${scoreText(-n)}` : '0';
/** 850 → "850 ms", 1234 → "1.2 s", 95000 → "1 min 35 s", 120000 → "2 min" (lib/duration-text.ts). */
export { msText };

/** A cell as the table shows it. */
export function cellText(kind: ColumnKind, v: CellValue): string {
  if (v === null || v === undefined || v === '') return NONE;
  if (kind === 'flag') return v ? 'Yes' : 'No';
  if ((kind === 'week' || kind === 'day') && typeof v === 'string') return dayText(v);
  if (!isNumber(v)) return String(v);
  switch (kind) {
    case 'count':
      return countText(v);
    case 'score':
      return scoreText(v);
    case 'signed':
      return signedText(v);
    case 'rate':
      return rateText(v);
    case 'ms':
      return msText(v);
    default:
      return String(v);
  }
}

/**
 * A cell as the CSV file holds it: numbers as plain numbers a spreadsheet reads (rates as
 * percentages, durations in ms, the unit in the header), days en-GB, flags yes/no, nothing empty.
 * Numbers stay numbers, so the CSV writer's formula guard never touches a negative difference.
 */
export function csvValue(kind: ColumnKind, v: CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (kind === 'flag') return v ? 'yes' : 'no';
  if ((kind === 'week' || kind === 'day') && typeof v === 'string') return dayText(v);
  if (!isNumber(v)) return String(v);
  if (kind === 'rate') return round(v * 100, 1);
  if (kind === 'ms') return round(v, 0);
  if (kind === 'score' || kind === 'signed') return round(v, 1);
  return v;
}

/** A column's CSV header: its label with the unit the file's numbers are in. */
export function csvHeader(c: Column): string {
  if (c.kind === 'rate') return `${c.label} (%)`;
  if (c.kind === 'ms') return `${c.label} (ms)`;
  return c.label;
}
