import type { ActivityDay, GraphActivity, SkillReliability } from './port.ts';

/**
 * The graph's activity (port.ts GraphActivity) from what each adapter aggregates in its store:
 * runs per Europe/London day plus one row over the whole window (`day` null: the percentiles of
 * the window, which no sum of days gives), skill uses per day, and the reliability of every skill
 * over the window's uses. Both adapters assemble their answer here, so they agree on the shape,
 * the order and which days appear.
 */

export interface RunDayRow {
  /** YYYY-MM-DD; null for the row over the whole window. */
  day: string | null;
  runs: number;
  succeeded: number;
  failed: number;
  p50: number | null;
  p95: number | null;
}

export interface UseDayRow {
  day: string;
  skill_calls: number;
  swaps: number;
  caller_errors: number;
}

const noRuns = { runs: 0, succeeded: 0, failed: 0, p50_ms: null, p95_ms: null };
const noUses = { skill_calls: 0, swaps: 0, caller_errors: 0 };

export function assembleActivity(
  window: { since: string; until: string },
  runRows: RunDayRow[],
  useRows: UseDayRow[],
  skills: SkillReliability[],
): GraphActivity {
  const byDay = new Map<string, ActivityDay>();
  const dayOf = (day: string) => byDay.get(day) ?? byDay.set(day, { day, ...noRuns, ...noUses }).get(day)!;
  for (const r of runRows) {
    if (r.day === null) continue;
    Object.assign(dayOf(r.day), { runs: r.runs, succeeded: r.succeeded, failed: r.failed, p50_ms: r.p50, p95_ms: r.p95 });
  }
  for (const u of useRows) Object.assign(dayOf(u.day), { skill_calls: u.skill_calls, swaps: u.swaps, caller_errors: u.caller_errors });
  const days = [...byDay.values()].filter((d) => d.runs > 0 || d.skill_calls > 0).sort((a, b) => (a.day < b.day ? -1 : 1));

  const whole = runRows.find((r) => r.day === null);
  const sum = (k: keyof typeof noUses) => days.reduce((n, d) => n + d[k], 0);
  const totals = {
    ...(whole ? { runs: whole.runs, succeeded: whole.succeeded, failed: whole.failed, p50_ms: whole.p50, p95_ms: whole.p95 } : noRuns),
    skill_calls: sum('skill_calls'),
    swaps: sum('swaps'),
    caller_errors: sum('caller_errors'),
  };
  const used = skills
    .filter((s) => s.n_success + s.n_failures + s.n_caller_errors > 0)
    .sort((a, b) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
  return { ...window, days, totals, skills: used };
}
