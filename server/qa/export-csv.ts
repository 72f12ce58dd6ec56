import { csvLine, csvRecords, type CsvCell } from '../../lib/csv.ts';
import { ukExact } from '../../lib/uk-time.ts';
import type { QaQueueItem } from '../contracts/qa-view.ts';

/**
 * The QA queue as CSV (lib/csv.ts: RFC 4180, text defused against spreadsheet formulas), pure:
 * one header row, then one row per queue item, every line ended by CRLF. Times: the call's London
 * wall-clock time with its zone (BST/GMT), and the same instant in UTC (ISO 8601). The route
 * prepends `CSV_BOM` so Excel reads the file as UTF-8. The figures are the figures of record
 * (reviewed where a review decided: `Score source`), with the AI's beside them.
 */

type Column = { header: string; value: (r: QaQueueItem) => CsvCell };

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

export const qaCsvHeader = () => csvLine(QA_CSV_COLUMNS.map((c) => c.header));

const qaCells = (r: QaQueueItem): CsvCell[] => QA_CSV_COLUMNS.map((c) => c.value(r));

export const qaCsvRow = (r: QaQueueItem) => csvLine(qaCells(r));

/** Rows only (no header), each CRLF-ended: one page of a streamed export. */
export const qaCsvRows = (rows: readonly QaQueueItem[]) => csvRecords(rows.map(qaCells));

/** Header plus rows: the whole document for rows already in memory (tests, small exports). */
export const qaCsv = (rows: readonly QaQueueItem[]) => qaCsvHeader() + qaCsvRows(rows);
