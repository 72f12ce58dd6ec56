import { arrayArg, objectArg, SkillError, stringArg, type SkillTool } from './envelope.ts';
import { parseFormula, readFormulaDocument, type Measure, type ScoringFormula } from './scoring-formula.ts';

/**
 * scoring `calculate_score`: applies the formula document `formula_id` (scoring-formula.ts reads
 * it; data/qa_scoring_formula_v3.md says what each measure means) to a sentiment report — or a
 * batch `{reports: [...]}` — and compliance verdicts. `breakdown` holds each component's points;
 * `score` is their rounded sum, capped when a verdict of a capped category failed. `cap` is present
 * exactly when the cap changed the score (`{value, categories, rule_ids}`: the failed categories
 * and rules that set it), so a breakdown either adds up to the score or names the cap.
 */
type Report = { score: number; flags: Array<{ type: string; severity: string }> };
type VerdictIn = { verdict: string; category?: unknown; rule_id?: unknown };

function report(raw: unknown, where: string): Report {
  const r = raw as { score?: unknown; flags?: unknown };
  if (typeof r?.score !== 'number' || r.score < -1 || r.score > 1)
    throw new SkillError('InvalidArguments', `${where}.score must be a number in −1…1`);
  const flags = Array.isArray(r.flags) ? r.flags : [];
  return {
    score: r.score,
    flags: flags.filter((f): f is Report['flags'][number] => typeof f?.type === 'string' && typeof f?.severity === 'string'),
  };
}

function reportsOf(arg: Record<string, unknown>): Report[] {
  if (!Array.isArray(arg.reports)) return [report(arg, 'sentiment_report')];
  if (arg.reports.length === 0) throw new SkillError('InvalidArguments', 'sentiment_report.reports is empty: there is nothing to score');
  return arg.reports.map((r, i) => report(r, `sentiment_report.reports[${i}]`));
}

function verdictsOf(list: unknown[]): VerdictIn[] {
  return list.map((v, i) => {
    if (typeof (v as VerdictIn)?.verdict !== 'string') throw new SkillError('InvalidArguments', `compliance_verdicts[${i}] has no verdict`);
    return v as VerdictIn;
  });
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const round1 = (x: number) => Math.round(x * 10) / 10;

function measure(m: Measure, weight: number, f: ScoringFormula, reports: Report[], verdicts: VerdictIn[]): number {
  switch (m) {
    case 'compliance_pass_rate': {
      const passed = verdicts.filter((v) => v.verdict === 'pass').length;
      const failed = verdicts.filter((v) => v.verdict === 'fail').length;
      return passed + failed === 0 ? weight : (weight * passed) / (passed + failed);
    }
    case 'sentiment_scaled':
      return mean(reports.map((r) => (weight * (r.score + 1)) / 2));
    case 'flag_deductions':
      return mean(
        reports.map((r) => Math.max(0, weight - r.flags.reduce((s, fl) => s + (f.deductions[fl.type]?.[fl.severity as 'low'] ?? 0), 0))),
      );
  }
}

/** Pure scoring, exported for tests that bring their own formula document. */
export function score(formulaMd: string, sentimentReport: Record<string, unknown>, verdictList: unknown[]) {
  const f = parseFormula(formulaMd);
  const reports = reportsOf(sentimentReport);
  const verdicts = verdictsOf(verdictList);
  const breakdown = Object.fromEntries(f.components.map((c) => [c.component, round1(measure(c.measure, c.weight, f, reports, verdicts))]));
  const failedCapped = verdicts.filter((v) => v.verdict === 'fail' && typeof v.category === 'string' && f.caps[v.category] !== undefined);
  const cap = Math.min(f.max_score, ...failedCapped.map((v) => f.caps[v.category as string]!));
  const sum = Math.round(Object.values(breakdown).reduce((s, x) => s + x, 0));
  const total = Math.min(sum, cap);
  // Only the categories whose cap is the one applied set it (a looser cap of another failed category did not).
  const setting = failedCapped.filter((v) => f.caps[v.category as string] === cap);
  const capInfo =
    total < sum
      ? {
          value: cap,
          categories: [...new Set(setting.map((v) => v.category as string))],
          rule_ids: [...new Set(setting.flatMap((v) => (typeof v.rule_id === 'string' ? [v.rule_id] : [])))],
        }
      : null;
  const data = { formula_id: f.formula_id, score: total, max_score: f.max_score, breakdown, ...(capInfo ? { cap: capInfo } : {}) };
  return { formula: f, reports: reports.length, sum, data };
}

export const calculateScore: SkillTool = (args) => {
  const formulaId = stringArg(args, 'formula_id', true);
  const r = score(readFormulaDocument(formulaId), objectArg(args, 'sentiment_report'), arrayArg(args, 'compliance_verdicts', true)!);
  if (r.formula.formula_id !== formulaId)
    throw new SkillError('FormulaInvalid', `document ${formulaId}.md declares formula_id ${r.formula.formula_id}`);
  const calls = r.reports > 1 ? ` over ${r.reports} calls` : '';
  const c = r.data.cap;
  const rules = c?.rule_ids.length ? `: ${c.rule_ids.join(', ')}` : '';
  const capped = c
    ? `; parts add up to ${r.sum}, capped at ${c.value} because ${c.categories.join(' and ').replace(/_/g, ' ')} failed${rules}`
    : '';
  return { summary: `QA score ${r.data.score}/${r.data.max_score}${calls} (formula ${formulaId}${capped}).`, data: r.data };
};
