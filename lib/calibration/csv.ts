import { csvRecords, type CsvCell } from '../csv.ts';
import type { CalibrationFigures, Figure } from './figures.ts';

/**
 * A session's results as CSV (pure): one row per figure — overall, each rule, each reviewer against
 * each other, the AI and the majority — then each call's answers, most disagreement first. The
 * same figures as the page and the tools (calibrationFigures); `thin` marks those under the minimum
 * sample. Percentages and kappas as fractions to three places, as computed.
 */
export function calibrationCsv(session: { name: string; id: string }, f: CalibrationFigures): string {
  const head: CsvCell[] = ['section', 'subject', 'against', 'n', 'percent_agreement', 'kappa', 'kappa_kind', 'thin'];
  const line = (section: string, subject: string, against: string, x: Figure, kind: string): CsvCell[] => [
    section,
    subject,
    against,
    x.n,
    x.percent,
    x.kappa,
    kind,
    x.thin,
  ];
  const rows: CsvCell[][] = [
    [`# calibration session: ${session.name} (${session.id}); ${f.method}; thin: n under ${f.min_sample}`],
    head,
    line('overall', 'all rules', 'reviewers', f.overall, 'fleiss'),
    ...f.rules.flatMap((r) => [
      line('rule', r.rule_id, 'reviewers', r, 'fleiss'),
      line('rule', r.rule_id, 'ai vs majority', r.ai_vs_majority, 'cohen'),
    ]),
    ...f.reviewers.flatMap((r) => [
      line('reviewer', r.label, 'ai', r.vs_ai, 'cohen'),
      line('reviewer', r.label, 'majority of others', r.vs_majority, 'cohen'),
      ...r.vs_reviewers.map((o) => line('reviewer', r.label, o.label, o, 'cohen')),
    ]),
    [],
    ['call', 'rule', 'ai', ...f.reviewers.map((r) => r.label), 'split_rules_on_call', 'disagreement_on_call'],
    ...f.calls.flatMap((c) =>
      c.rules.map((r) => [
        c.call_id,
        r.rule_id,
        r.ai,
        ...f.reviewers.map((rv) => r.answers[rv.label] ?? null),
        c.split_rules,
        c.disagreement,
      ]),
    ),
  ];
  return csvRecords(rows);
}
