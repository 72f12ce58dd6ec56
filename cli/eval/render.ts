import { scorePercent } from '../../lib/eval-score.ts';
import { ukExact } from '../../lib/uk-time.ts';
import type { CaseOutcome } from '../../server/evals/runner.ts';
import type { EvalRunSummary } from '../../server/evals/store.ts';

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const clip = (s: string, n: number) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};

/** One progress line per case (on a terminal, while the run goes). */
export function evalLine(c: CaseOutcome, i: number, n: number): string {
  return `[${i + 1}/${n}] ${c.passed === c.total ? 'pass' : 'FAIL'} ${c.case_id} ${c.passed}/${c.total}`;
}

/**
 * The per-case table `dcf eval` prints: each case with its expectations passed, its failed
 * expectations under it (what was expected, what was seen), then the run's score against the threshold.
 */
export function evalTable(run: EvalRunSummary, cases: CaseOutcome[], threshold: number): string {
  const width = Math.min(48, Math.max(4, ...cases.map((c) => c.case_id.length)));
  const lines = [
    `Dataset ${run.dataset} (world ${run.world}, digest ${run.dataset_digest.slice(0, 12)}) · brain ${run.brain}${run.model ? ` (${run.model})` : ''}`,
    `Started ${ukExact(run.started_at)} (Europe/London) · run ${run.id}`,
    '',
    `${pad('case', width)}  result  passed  score`,
  ];
  for (const c of cases) {
    const result = c.passed === c.total ? 'pass  ' : 'FAIL  ';
    lines.push(`${pad(clip(c.case_id, width), width)}  ${result}  ${pad(`${c.passed}/${c.total}`, 6)}  ${scorePercent(c.score)}`);
    if (c.error) lines.push(`    ! ${clip(c.error, 150)}`);
    for (const f of c.failed) lines.push(`    ✗ turn ${f.turn}: ${clip(f.expected, 70)} — seen: ${clip(f.seen, 80)}`);
  }
  const score = run.score ?? 0;
  const verdict = `threshold ${scorePercent(threshold)}: ${score >= threshold ? 'reached' : 'NOT reached'}`;
  lines.push('', `Score ${scorePercent(run.score)} (${run.cases_passed} of ${run.cases_total} cases fully passed); ${verdict}`);
  return `${lines.join('\n')}\n`;
}
