import type { DashboardPeriod } from '@/server/contracts/dashboard-schemas';
import { mondayOf, weeksOf, weekText } from './days';

/**
 * Weekly rows on a run of weeks (pure). The axis runs from the first week the answer lists to the
 * last, every week between included: a week the answer leaves out (no calls) is null in every
 * series — drawn as a gap, never as a zero that was not measured (the contract leaves such weeks
 * out). Weeks of the period before the first or after the last week with data are not drawn (a
 * period reaching back before the data would be mostly empty axis); `note` says so in words.
 */
export interface WeekAxis<T> {
  weeks: string[];
  /** The answer's row of each week, or undefined for a week without calls. */
  at: (week: string) => T | undefined;
  /** One value per week of the axis, null where the week has no row or the row no value. */
  values: (pick: (row: T) => number | null) => Array<number | null>;
  /** Which of the period's weeks are left off the axis, in words; null when none is. */
  note: string | null;
}

export function weekAxis<T extends { week: string }>(period: DashboardPeriod, rows: readonly T[], what = 'calls'): WeekAxis<T> {
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  const listed = [...byWeek.keys()].sort();
  const weeks = listed.length ? weeksOf({ from: listed[0]!, to: listed.at(-1)! }) : [];
  const at = (week: string) => byWeek.get(week);
  return {
    weeks,
    at,
    values: (pick) =>
      weeks.map((w) => {
        const r = at(w);
        return r ? pick(r) : null;
      }),
    note: edgeNote(weeks, period, what),
  };
}

function edgeNote(weeks: string[], period: DashboardPeriod, what: string): string | null {
  if (!weeks.length) return null;
  const before = weeks[0]! > mondayOf(period.from);
  const after = weeks.at(-1)! < mondayOf(period.to);
  const first = weekText(weeks[0]!);
  const last = weekText(weeks.at(-1)!);
  if (before && after)
    return first === last ? `No ${what} in the period outside ${first}.` : `No ${what} in the period before ${first} or after ${last}.`;
  if (before) return `No ${what} in the period before ${first}.`;
  return after ? `No ${what} in the period after ${last}.` : null;
}

/** A caption with the axis's note after it, when there is one. */
export const withNote = (caption: string, note: string | null) => (note ? `${caption} ${note}` : caption);
