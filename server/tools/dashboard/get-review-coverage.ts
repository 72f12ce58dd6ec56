import { reviewCoverage } from '../../dashboard/coverage.ts';
import type { RecordedCounter } from '../../dashboard/recorded.ts';
import { dashboardFilterSchema, reviewCoverageSchema } from '../../contracts/dashboard-schemas.ts';
import { isFailure, ok } from '../../tool-result.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { callCrmDirectory } from '../crm/crm-directory.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, qaDb } from '../qa/qa-db.ts';

/** The CRM asked as count_calls asks it: the crm-directory skill's count_calls, its `recorded_in_period`. */
function crmRecorded(services: ToolServices): RecordedCounter {
  return async (scope) => {
    const r = await callCrmDirectory<{ recorded_in_period: number; unknown_advisors: string[] }>(services, 'count_calls', { ...scope });
    return isFailure(r) ? { error: r.error } : { recorded: r.data.recorded_in_period, unknown_advisors: r.data.unknown_advisors };
  };
}

/** The dashboard's coverage and review view (server/dashboard/coverage.ts): the CRM's recorded calls against the QA store's. */
export const getReviewCoverageTool = defineTool({
  name: 'get_review_coverage',
  description: [
    'Coverage and review: calls the CRM holds recorded in the period and scope (asked of the CRM per week; null with',
    'recorded_note when it cannot say) against calls analysed (stored QA results), per week (Monday, Europe/London); the analysed',
    'calls per review state (unreviewed = AI only); human-AI agreement over the current review decisions on them. Filter:',
    'from/to (call days, default the 12 weeks up to today), advisor, team, product. `what` says what the figures are.',
  ].join(' '),
  readOnly: true,
  input: dashboardFilterSchema,
  output: reviewCoverageSchema,
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    return ok(await reviewCoverage(db, args, services.config.clock, crmRecorded(services)));
  },
});
