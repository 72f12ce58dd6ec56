import { addDays, isoDay, mondayOf } from '../../lib/nl/dates/calendar.ts';
import { londonDay } from '../../lib/uk-time.ts';

/**
 * Which runs a backfill makes (pure). The workflow it runs, `standard-advice-call-analysis-all-calls`,
 * takes one advisor and a period and analyses every call of that advisor's applications OPENED in
 * the period (the CRM lookup, then each application's recordings). So the unit of a backfill is an
 * application: one run per advisor per week (Monday–Sunday, by opening day) analyses all of the
 * calls of the applications that advisor opened that week.
 *
 * Calls recorded after "today" (the console's clock, DCF_CLOCK when pinned) do not exist yet in the
 * demo's world. A run cannot leave out one call of an application, so an application with a call
 * after today is left out with all its calls, and so is every later application of that advisor in
 * that week (the run's period ends the day before it); a later backfill analyses them once they
 * exist. Everything else in [from, to] is analysed exactly once.
 */

/** One call as the recording system files it, with the day its application was opened. */
export interface KnownCall {
  recording_id: string;
  application_id: string;
  advisor_name: string;
  /** YYYY-MM-DD: the application's opening day. */
  opened_on: string;
  /** ISO 8601 instant. */
  recorded_at: string;
}

/** One run of the backfill: the workflow input and the calls it will analyse. */
export interface PlannedRun {
  /** Monday (YYYY-MM-DD) of the week the applications were opened in. */
  week: string;
  advisor_name: string;
  start_date: string;
  end_date: string;
  /** Recording ids, in recording order. */
  calls: string[];
}

export interface BackfillPlan {
  from: string;
  to: string;
  /** The console's today (London day) the plan was made against. */
  today: string;
  runs: PlannedRun[];
  /** Calls of applications opened in [from, to] left for later: one of their application's calls is after today. */
  notYet: number;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** Runs in week order, then advisor name; weeks and advisors without calls have none. */
export function planBackfill(calls: readonly KnownCall[], range: { from: string; to: string; today: string }): BackfillPlan {
  const { from, to, today } = range;
  const groups = new Map<string, KnownCall[]>();
  for (const c of calls) {
    if (c.opened_on < from || c.opened_on > to) continue;
    const week = isoDay(mondayOf(new Date(`${c.opened_on}T00:00:00Z`)));
    const key = `${week}\u0000${c.advisor_name}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const runs: PlannedRun[] = [];
  let notYet = 0;
  for (const [key, group] of groups) {
    const [week, advisor_name] = key.split('\u0000') as [string, string];
    // The first opening day whose application has a call after today: that day and later wait.
    const cut = group
      .filter((c) => londonDay(c.recorded_at) > today)
      .map((c) => c.opened_on)
      .sort()[0];
    const kept = cut === undefined ? group : group.filter((c) => c.opened_on < cut);
    notYet += group.length - kept.length;
    if (!kept.length) continue;
    const sunday = isoDay(addDays(new Date(`${week}T00:00:00Z`), 6));
    const dayBeforeCut = cut === undefined ? sunday : isoDay(addDays(new Date(`${cut}T00:00:00Z`), -1));
    const calls = [...kept].sort((a, b) => a.recorded_at.localeCompare(b.recorded_at) || a.recording_id.localeCompare(b.recording_id));
    runs.push({
      week,
      advisor_name,
      start_date: later(week, from),
      end_date: earlier(earlier(sunday, to), dayBeforeCut),
      calls: calls.map((c) => c.recording_id),
    });
  }
  runs.sort((a, b) => a.week.localeCompare(b.week) || a.advisor_name.localeCompare(b.advisor_name));
  return { from, to, today, runs, notYet };
}

/** The distinct weeks of a plan's runs, in order. */
export const weeksOf = (plan: BackfillPlan): string[] => [...new Set(plan.runs.map((r) => r.week))];
