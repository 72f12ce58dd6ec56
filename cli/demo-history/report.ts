import { ukDate } from '../../lib/uk-time.ts';
import type { BackfillReport, FinishedRun } from './backfill.ts';
import { weeksOf, type BackfillPlan } from './plan.ts';

/** What a backfill prints (pure): a line for the plan, one per finished run, one for the total. Dates en-GB. */
const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const day = (d: string) => ukDate(`${d}T12:00:00Z`);
const PREFIX = 'demo history:';

export function planLine(plan: BackfillPlan): string {
  const wait = plan.notYet === 1 ? 'waits' : 'wait';
  const later = plan.notYet ? `; ${plural(plan.notYet, 'call')} of applications with a call after today ${wait} for a later backfill` : '';
  if (!plan.runs.length) {
    return `${PREFIX} no calls to analyse from ${day(plan.from)} to ${day(plan.to)} (today is ${day(plan.today)})${later}`;
  }
  const calls = plan.runs.reduce((n, r) => n + r.calls.length, 0);
  return (
    `${PREFIX} ${plural(calls, 'call')} of applications opened ${day(plan.from)} – ${day(plan.to)}, ` +
    `${plural(plan.runs.length, 'run')} (one per advisor per week) over ${plural(weeksOf(plan).length, 'week')}; ` +
    `today is ${day(plan.today)}${later}`
  );
}

/** "week of 1 Jul 2024, Alex Wong — 4 calls analysed (run 5d1f…)" without the counter. */
export function runText(r: FinishedRun): string {
  const who = `week of ${day(r.planned.week)}, ${r.planned.advisor_name}`;
  const run = r.run_id ? ` (run ${r.run_id})` : '';
  if (r.status === 'SUCCEEDED') return `${who} — ${plural(r.planned.calls.length, 'call')} analysed${run}`;
  return `${who} — ${r.status}${r.error ? `: ${r.error}` : ''}${run}`;
}

export const runLine = (r: FinishedRun, done: number, total: number) => `${PREFIX} ${runText(r)} [${done}/${total}]`;

export function totalLine(report: BackfillReport): string {
  const failed = report.runs.filter((r) => r.status !== 'SUCCEEDED').length;
  const weeks = weeksOf(report.plan).length;
  const head =
    `${PREFIX} ${plural(report.analysed, 'call')} analysed in ${plural(report.runs.length - failed, 'run')} ` +
    `(${plural(weeks, 'week')}) in ${Math.round(report.ms / 1000)} s`;
  const problems = [
    failed ? `${plural(failed, 'run')} did not succeed` : '',
    report.missingQa ? `QA results of ${plural(report.missingQa, 'run')} not stored yet` : '',
    report.missingEpisodes ? `episodes of ${plural(report.missingEpisodes, 'run')} not in the knowledge graph yet` : '',
  ].filter(Boolean);
  const stored = report.runs.length ? '; QA results stored and episodes in the knowledge graph' : '';
  return problems.length ? `${head}; ${problems.join('; ')}` : `${head}${stored}`;
}

/** Exit status of a backfill: every planned run SUCCEEDED and everything it produced is stored. */
export const backfillSucceeded = (report: BackfillReport) =>
  report.runs.every((r) => r.status === 'SUCCEEDED') && !report.missingQa && !report.missingEpisodes;
