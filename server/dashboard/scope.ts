import type { SQL } from 'drizzle-orm';
import type { QaFilter } from '../../lib/qa-filter.ts';
import { qaWhere } from '../qa/query.ts';
import type { DashboardFilter, DashboardPeriod } from '../contracts/dashboard-schemas.ts';

/**
 * The rows a widget counts: the dashboard filter as the QA queue's filter (server/qa/query.ts
 * qaWhere, so the dashboard and the queue it drills into agree on every call) — the newest analysis
 * of each call, in the period's London days, of the advisor / team / product (exact, any case).
 * `withoutAdvisor` drops the advisor: the scope an advisor is compared with.
 */
export function dashboardQaFilter(filter: DashboardFilter, period: DashboardPeriod, opts: { withoutAdvisor?: boolean } = {}): QaFilter {
  const f: QaFilter = { from: period.from, to: period.to };
  if (filter.advisor && !opts.withoutAdvisor) f.advisor = filter.advisor;
  if (filter.team) f.team = filter.team;
  if (filter.product) f.product = filter.product;
  return f;
}

export function dashboardWhere(filter: DashboardFilter, period: DashboardPeriod, opts: { withoutAdvisor?: boolean } = {}): SQL {
  // Never undefined: the latest-only condition and the period are always there.
  return qaWhere(dashboardQaFilter(filter, period, opts))!;
}
