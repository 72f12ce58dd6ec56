import { ukDate } from '../../lib/uk-time.ts';
import type { DashboardFilter, DashboardPeriod } from '../contracts/dashboard-schemas.ts';

/** The period and scope a widget's figures are over, in words (en-GB dates), as `what` starts. */
export function describeScope(filter: DashboardFilter, period: DashboardPeriod): string {
  const day = (d: string) => ukDate(`${d}T12:00:00Z`);
  const of = [
    filter.advisor ? `advisor ${filter.advisor}` : null,
    filter.team ? `team ${filter.team}` : null,
    filter.product ? `product ${filter.product}` : null,
  ].filter(Boolean);
  return `Calls from ${day(period.from)} to ${day(period.to)} (Europe/London days)${of.length ? ` of ${of.join(', ')}` : ''}.`;
}

/** "1 call", "3 calls". */
export const callsIn = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
