import { CSV_BOM, csvLine } from '@/lib/csv';
import type { Figure } from './figure';
import { csvHeader, csvValue } from './format';

/**
 * A figure's rows as a CSV file (pure): the same rows as its chart and table, one header row with
 * each column's unit, then one line per row (RFC 4180, CRLF, text from the data defused against
 * spreadsheet formulas: lib/csv.ts, as the QA queue's export). Starts with a BOM so
 * Excel reads UTF-8 (names with accents, "–").
 */
export function figureCsv(figure: Pick<Figure, 'table'>): string {
  const { columns, rows } = figure.table;
  return (
    CSV_BOM +
    csvLine(columns.map(csvHeader)) +
    rows.map((r) => csvLine(columns.map((c) => csvValue(c.kind, r.cells[c.key] ?? null)))).join('')
  );
}

/**
 * The file name of a figure's export: what it is and the period of the calls, e.g.
 * "dashboard-qa-score-by-week-2024-04-15-to-2024-07-08.csv" (ISO days sort in a folder).
 */
export function exportFileName(figureId: string, period: { from: string; to: string } | null, ext: 'csv' | 'png'): string {
  const span = period ? `-${period.from}-to-${period.to}` : '';
  return `dashboard-${figureId}${span}.${ext}`;
}
