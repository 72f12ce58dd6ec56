import { getComplianceOverviewTool } from '../../tools/dashboard/get-compliance-overview.ts';
import { getCustomerOutcomesTool } from '../../tools/dashboard/get-customer-outcomes.ts';
import { getOperationsOverviewTool } from '../../tools/dashboard/get-operations-overview.ts';
import { getQaTrendsTool } from '../../tools/dashboard/get-qa-trends.ts';
import { getReviewCoverageTool } from '../../tools/dashboard/get-review-coverage.ts';
import { comparePoliciesTool } from '../../tools/learning/compare-policies.ts';
import { ALL_ROLES, router } from '../init.ts';
import { toolQuery } from '../tool-procedure.ts';

/**
 * The dashboard (issue 16) for every signed-in role: QA score over time, compliance, customer
 * outcomes, coverage and review (stored QA results, the CRM), and operations (the knowledge graph).
 * Each procedure is its tool (server/tools/dashboard/), so agents and the console read the same figures.
 */
export const dashboardRouter = router({
  qaTrends: toolQuery(getQaTrendsTool, ALL_ROLES),
  compliance: toolQuery(getComplianceOverviewTool, ALL_ROLES),
  customers: toolQuery(getCustomerOutcomesTool, ALL_ROLES),
  coverage: toolQuery(getReviewCoverageTool, ALL_ROLES),
  operations: toolQuery(getOperationsOverviewTool, ALL_ROLES),
  /** Issue 17, "Policies compared": the E/E strategies on this deployment's recorded skill uses. */
  policies: toolQuery(comparePoliciesTool, ALL_ROLES),
});
