import { stringify, type Options } from 'csv-stringify/sync';

/**
 * How every CSV of the console is written (RFC 4180), pure, by csv-stringify: the QA queue's export
 * (server/qa/export-csv.ts) and the dashboard's figures (components/dashboard/csv.ts). A field is
 * quoted when it holds a comma, a double quote, CR or LF (quotes doubled). Text from the data that
 * a spreadsheet could run as a formula — starting with = + - @, a tab or CR, or the full-width
 * ＝ ＋ － ＠ — gets a leading `'` (CSV injection, csv-stringify's `escape_formulas`); numbers are
 * written by us and left alone, so a negative figure stays a number.
 */

/** Prepended to a downloaded file so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | boolean | null;

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/**
 * CRLF after each record (the last included), null as an empty field, a number as JavaScript
 * writes it (not finite: empty), a boolean as yes/no, formulas escaped. Quoted only where needed:
 * a comma, a quote, or a lone CR or LF — csv-stringify quotes bare line breaks only by default
 * delimiter, so `quote_record_delimiter` is set for CRLF.
 */
const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  eof: true,
  escape_formulas: true,
  cast: {
    number: (v) => (Number.isFinite(v) ? String(v) : ''),
    boolean: yesNo,
  },
};

/** Records, each line CRLF-ended; no records is the empty string. */
export const csvRecords = (records: readonly (readonly CsvCell[])[]): string => stringify(records as CsvCell[][], CSV_OPTIONS);

/** One field: null is empty, text is defused and quoted as needed. */
export const csvField = (v: CsvCell): string => stringify([[v]], { ...CSV_OPTIONS, eof: false });

/** One record line, CRLF included. */
export const csvLine = (cells: readonly CsvCell[]): string => csvRecords([cells]);
