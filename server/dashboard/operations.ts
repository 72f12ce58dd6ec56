import { ukDateTime } from '../../lib/uk-time.ts';
import type { GraphActivity, KnowledgeGraph, SkillReliability } from '../graph/port.ts';
import { DAY_MS } from '../graph/reliability.ts';
import type { OperationsFilter, OperationsOverview } from '../contracts/dashboard-schemas.ts';

/**
 * The dashboard's Operations widget (issue 16): what the knowledge graph recorded of finished runs
 * and skill uses in the last `days` days. The window is by the console's real clock — runs are
 * stamped with it — never by DCF_CLOCK, which pins only the calls' dates (a demo pinned to 2024
 * still runs today). Every figure is the graph's (`KnowledgeGraph.activity`); this module only
 * rounds rates, orders skills and says in words what the figures are.
 */
export async function operationsOverview(
  graph: KnowledgeGraph,
  filter: OperationsFilter,
  now: Date = new Date(),
): Promise<OperationsOverview> {
  const since = new Date(now.getTime() - filter.days * DAY_MS).toISOString();
  return shapeOperations(await graph.activity(since, now.toISOString()), filter.days);
}

/** Rates as the dashboard gives them: 0…1 with three decimals, null when nothing was counted. */
export const rate3 = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

/**
 * Least reliable first: lowest success rate (the skill's own successes over its own uses), then
 * more failures, then URI. A skill whose only uses in the window were caller errors has no
 * reliability to rank (null) and comes last.
 */
export function leastReliableFirst(a: SkillReliability, b: SkillReliability): number {
  if (a.success_rate !== b.success_rate) {
    if (a.success_rate === null) return 1;
    if (b.success_rate === null) return -1;
    return a.success_rate - b.success_rate;
  }
  return b.n_failures - a.n_failures || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0);
}

/** The widget's shape from the graph's answer (pure). */
export function shapeOperations(a: GraphActivity, days: number): OperationsOverview {
  const t = a.totals;
  return {
    since: a.since,
    days: a.days.map((d) => ({
      day: d.day,
      runs: d.runs,
      succeeded: d.succeeded,
      failed: d.failed,
      p50_ms: d.p50_ms,
      p95_ms: d.p95_ms,
      skill_calls: d.skill_calls,
      swaps: d.swaps,
    })),
    totals: {
      runs: t.runs,
      succeeded: t.succeeded,
      failed: t.failed,
      success_rate: rate3(t.succeeded, t.runs),
      p50_ms: t.p50_ms,
      p95_ms: t.p95_ms,
      skill_calls: t.skill_calls,
      swaps: t.swaps,
      caller_errors: t.caller_errors,
    },
    skills: [...a.skills].sort(leastReliableFirst).map((s) => ({
      skill: s.skill,
      capability: s.capability,
      n_success: s.n_success,
      n_failures: s.n_failures,
      n_caller_errors: s.n_caller_errors,
      success_rate: rate3(s.n_success, s.n_success + s.n_failures),
      p95_latency_ms: s.p95_latency_ms,
    })),
    what: operationsWhat(a, days),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The figures in words, as the page shows them under the charts and agents quote them. */
export function operationsWhat(a: GraphActivity, days: number): string {
  const t = a.totals;
  return [
    `Runs that finished since ${ukDateTime(a.since)} (console clock, Europe/London; the last ${plural(days, 'day')}), per day they finished:`,
    `${plural(t.runs, 'run')}, ${t.succeeded} succeeded, ${t.failed} failed, timed out or aborted;`,
    'durations are finished − started, p50/p95 interpolated linearly.',
    `${plural(t.skill_calls, 'skill call')} by runs and delegated tasks, ${plural(t.swaps, 'swap')} to another skill after a failure,`,
    `${plural(t.caller_errors, 'caller error')} (the caller's input, never counted against a skill).`,
    'Skills: every skill used in the window, least reliable first (success rate over its own uses).',
  ].join(' ');
}
