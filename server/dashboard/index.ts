import type { Db } from '../db/client.ts';
import { complianceOverview } from './compliance.ts';
import { reviewCoverage } from './coverage.ts';
import { customerOutcomes } from './customers.ts';
import { qaTrends } from './qa-trends.ts';
import type { DashboardFilter, DashboardWidget } from '../contracts/dashboard-schemas.ts';

/**
 * The dashboard's QA widgets by name (schemas.ts DASHBOARD_WIDGETS), each `(db, filter, clock?)`:
 * what the tools call and what bench/dashboard.bench.ts times. Coverage here does not ask the CRM
 * (`recorded: null` with its note): the database's part is what is timed; the tool
 * get_review_coverage asks the CRM too. Operations reads the knowledge graph, not this database
 * (operations.ts).
 */
export type DashboardQuery = (db: Db, filter: DashboardFilter, clock?: string) => Promise<unknown>;

export const DASHBOARD_QUERIES: Record<Exclude<DashboardWidget, 'operations'>, DashboardQuery> = {
  qa_trends: qaTrends,
  compliance: complianceOverview,
  customers: customerOutcomes,
  coverage: (db, filter, clock) => reviewCoverage(db, filter, clock),
};

export { complianceOverview, customerOutcomes, qaTrends, reviewCoverage };
export { rebuildDashboardRollups } from './rebuild.ts';
