import { addDays, isoDay, mondayOf } from '../../lib/nl/dates/calendar.ts';
import type { DashboardFilter, DashboardPeriod } from '../contracts/dashboard-schemas.ts';

/**
 * Coverage's `recorded`: the calls the CRM holds recorded in the period and scope, asked of the CRM
 * one week at a time (count_calls' `recorded_in_period`: calls by the London day they were recorded,
 * whatever day their application opened), so each week's point is the CRM's own count. The caller
 * supplies how the CRM is asked (the console's tool path to the crm-directory skill); this module
 * never invents a figure: when any week cannot be counted, `recorded` is null with the reason.
 */
export interface RecordedScope {
  start_date: string;
  end_date: string;
  advisor_names?: string[];
  team?: string;
  product?: string;
}
export type RecordedAnswer = { recorded: number; unknown_advisors: string[] } | { error: string };
export type RecordedCounter = (scope: RecordedScope) => Promise<RecordedAnswer>;

export interface Recorded {
  total: number | null;
  /** Per week (its Monday): the CRM's count; null when `total` is. */
  weeks: Map<string, number> | null;
  note: string | null;
}

/** At most this many questions to the CRM at once. */
const CONCURRENT = 4;

/** The period's weeks, each clipped to the period: [Monday key, first day, last day]. */
export function weeksOfPeriod(period: DashboardPeriod): Array<{ week: string; start: string; end: string }> {
  const out = [];
  const to = new Date(`${period.to}T00:00:00Z`);
  for (let monday = mondayOf(new Date(`${period.from}T00:00:00Z`)); monday <= to; monday = addDays(monday, 7)) {
    const week = isoDay(monday);
    const sunday = isoDay(addDays(monday, 6));
    out.push({ week, start: week < period.from ? period.from : week, end: sunday > period.to ? period.to : sunday });
  }
  return out;
}

export async function recordedPerWeek(
  filter: DashboardFilter,
  period: DashboardPeriod,
  crm: RecordedCounter | undefined,
): Promise<Recorded> {
  if (!crm) return { total: null, weeks: null, note: 'The CRM was not asked: this context has no connection to it.' };
  const scope = {
    ...(filter.advisor ? { advisor_names: [filter.advisor] } : {}),
    ...(filter.team ? { team: filter.team } : {}),
    ...(filter.product ? { product: filter.product } : {}),
  };
  const weeks = weeksOfPeriod(period);
  const answers = new Map<string, number>();
  let failure: string | null = null;
  let next = 0;
  // A few at a time; after the first failure no further question is asked (the answer is null anyway).
  const worker = async () => {
    while (failure === null && next < weeks.length) {
      const w = weeks[next++]!;
      const a = await crm({ ...scope, start_date: w.start, end_date: w.end });
      if ('error' in a) failure ??= `The CRM could not say how many calls were recorded: ${a.error}`;
      else if (a.unknown_advisors.length) failure ??= `The CRM has no advisor named ${a.unknown_advisors.map((n) => `"${n}"`).join(', ')}.`;
      else answers.set(w.week, a.recorded);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT, weeks.length) }, worker));
  if (failure !== null) return { total: null, weeks: null, note: failure };
  return { total: [...answers.values()].reduce((s, n) => s + n, 0), weeks: answers, note: null };
}
