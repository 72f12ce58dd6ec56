import { addDays, isoDay, londonToday } from '../../lib/nl/dates/calendar.ts';
import { clockToday } from '../../lib/relative-dates.ts';
import type { DashboardFilter, DashboardPeriod } from '../contracts/dashboard-schemas.ts';

/** The default period's length: 12 weeks, `to` included. */
export const DEFAULT_PERIOD_DAYS = 84;

/**
 * The period a widget answers for (schemas.ts: Europe/London days, inclusive). `to` absent is
 * today — the console's clock (`clock` = DCF_CLOCK when pinned, lib/relative-dates.ts), else the
 * real one; `from` absent is 12 weeks back, so the period holds 84 days. A `from` given after a
 * defaulted `to` (a period that starts in the future) ends on `from` rather than before it.
 */
export function dashboardPeriod(filter: Pick<DashboardFilter, 'from' | 'to'>, clock?: string, now: Date = new Date()): DashboardPeriod {
  const today = isoDay(londonToday(clockToday(clock, now)));
  const to = filter.to ?? (filter.from && filter.from > today ? filter.from : today);
  const from = filter.from ?? isoDay(addDays(new Date(`${to}T00:00:00Z`), 1 - DEFAULT_PERIOD_DAYS));
  return { from, to };
}
