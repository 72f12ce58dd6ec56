import { ANALYSIS_PIPELINE, GENERIC_PARTS } from './index.ts';

/** One field of a function's result, as the call detail and the evidence pack show it. */
export interface ResultRow {
  field: string;
  value: string;
}

/** The result of one analysis function kept in the generic store, titled by its label in the registry. */
export interface AnalysisResult {
  role: string;
  title: string;
  rows: ResultRow[];
}

const fieldName = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
};

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
  if (Array.isArray(v) && v.every((x) => ['string', 'number'].includes(typeof x))) return v.join(', ');
  return JSON.stringify(v);
}

/**
 * The results a QA record keeps in its generic store (`analyses`, lib/analysis/functions.ts `kept: 'analyses'`), in
 * pipeline order: each function's label as the title and each top-level field of its data as a row, so a new
 * function is shown on the call detail and in the evidence pack without code of its own. Roles the registry does not
 * keep there are left out.
 */
export function analysisResults(analyses: Record<string, Record<string, unknown>> | undefined): AnalysisResult[] {
  return (GENERIC_PARTS as string[]).flatMap((role) => {
    const data = analyses?.[role];
    if (!data) return [];
    const label = ANALYSIS_PIPELINE.find((s) => s.role === role)!.label;
    return [{ role, title: fieldName(label), rows: Object.entries(data).map(([k, v]) => ({ field: fieldName(k), value: valueText(v) })) }];
  });
}
