import { stringify, type Options } from 'csv-stringify/sync';
import { ukExact } from '../../lib/uk-time.ts';
import type { QaQueueItem } from './view.ts';

/**
 * The QA queue as CSV (RFC 4180), pure, written by csv-stringify: one header row, then one row
 * per queue item, every line ended by CRLF. A field is quoted when it holds a comma, a double
 * quote, CR or LF (quotes doubled). Text from the data that a spreadsheet could run as a formula —
 * starting with = + - @, a tab or CR, or the full-width ＝ ＋ － ＠ — gets a leading `'` (CSV
 * injection, csv-stringify's `escape_formulas`); numbers are written by us and left alone, so a
 * negative figure stays a number. Times: the call's London wall-clock time with its zone
 * (BST/GMT), and the same instant in UTC (ISO 8601). The route prepends `CSV_BOM` so Excel reads
 * the file as UTF-8. The figures are the figures of record (reviewed where a review decided:
 * `Score source`), with the AI's beside them.
 */
export const CSV_BOM = '\uFEFF';

type Cell = string | number | boolean | null;
type Column = { header: string; value: (r: QaQueueItem) => Cell };

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/** The export's columns, in order. */
export const QA_CSV_COLUMNS: readonly Column[] = [
  { header: 'Call ID', value: (r) => r.call_id },
  { header: 'Advisor', value: (r) => r.advisor },
  { header: 'Team', value: (r) => r.team },
  { header: 'Customer', value: (r) => r.customer },
  { header: 'Product', value: (r) => r.product },
  { header: 'Call time (London)', value: (r) => (r.call_at ? ukExact(r.call_at) : null) },
  { header: 'Call time (UTC, ISO 8601)', value: (r) => r.call_at },
  { header: 'Score', value: (r) => r.score },
  { header: 'Score source', value: (r) => (r.score_source === 'review' ? 'reviewed' : 'AI') },
  { header: 'AI score', value: (r) => r.ai_score },
  { header: 'Max score', value: (r) => r.max_score },
  { header: 'Human score', value: (r) => r.human_score },
  { header: 'Failed mandatory rules', value: (r) => r.failed_mandatory },
  { header: 'Failed rules', value: (r) => r.failed_rule_ids.join(';') },
  { header: 'AI failed mandatory rules', value: (r) => r.ai_failed_mandatory },
  { header: 'AI failed rules', value: (r) => r.ai_failed_rule_ids.join(';') },
  { header: 'Vulnerable', value: (r) => yesNo(r.vulnerable) },
  { header: 'Review status', value: (r) => r.review_status },
  { header: 'Overridden', value: (r) => yesNo(r.overridden) },
  { header: 'Re-analysed after sign-off', value: (r) => yesNo(r.reanalysed_after_signoff) },
  { header: 'Workflow', value: (r) => r.workflow_name },
  { header: 'Workflow version', value: (r) => r.workflow_version },
  { header: 'Run ID', value: (r) => r.run_id },
];

/**
 * How every CSV of the console is written: CRLF after each record (the last included), null as
 * an empty field, a number as JavaScript writes it (not finite: empty), a boolean as yes/no,
 * formulas escaped. Quoted only where needed: a comma, a quote, or a lone CR or LF — csv-stringify
 * quotes bare line breaks only by default delimiter, so `quote_record_delimiter` is set for CRLF.
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
const csvRecords = (records: readonly (readonly Cell[])[]): string => stringify(records as Cell[][], CSV_OPTIONS);

/** One field: null is empty, text is defused and quoted as needed. */
export const csvField = (v: Cell): string => stringify([[v]], { ...CSV_OPTIONS, eof: false });

/** One record line, CRLF included. */
export const csvLine = (cells: readonly Cell[]): string => csvRecords([cells]);

export const qaCsvHeader = () => csvLine(QA_CSV_COLUMNS.map((c) => c.header));

const qaCells = (r: QaQueueItem): Cell[] => QA_CSV_COLUMNS.map((c) => c.value(r));

export const qaCsvRow = (r: QaQueueItem) => csvLine(qaCells(r));

/** Rows only (no header), each CRLF-ended: one page of a streamed export. */
export const qaCsvRows = (rows: readonly QaQueueItem[]) => csvRecords(rows.map(qaCells));

/** Header plus rows: the whole document for rows already in memory (tests, small exports). */
export const qaCsv = (rows: readonly QaQueueItem[]) => qaCsvHeader() + qaCsvRows(rows);
