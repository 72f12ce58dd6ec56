import type { Db } from '../server/db/client.ts';
import { DASHBOARD_QUERIES } from '../server/dashboard/index.ts';
import type { DashboardFilter } from '../server/contracts/dashboard-schemas.ts';

/**
 * What the dashboard benchmark times: every QA widget's database work as its tool runs it
 * (server/dashboard/index.ts DASHBOARD_QUERIES; coverage without the CRM call, which is not a query
 * over these rows), with the clock the generated data ends on.
 */
export function dashboardWidgetsToTime(db: Db, clock: string): Record<string, (f: DashboardFilter) => Promise<unknown>> {
  return Object.fromEntries(Object.entries(DASHBOARD_QUERIES).map(([name, query]) => [name, (f: DashboardFilter) => query(db, f, clock)]));
}
