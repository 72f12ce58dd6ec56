import { complianceOverview } from '../../dashboard/compliance.ts';
import { complianceSchema, dashboardFilterSchema } from '../../contracts/dashboard-schemas.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, qaDb } from '../qa/qa-db.ts';

/** The dashboard's compliance view (server/dashboard/compliance.ts), from the stored QA results. */
export const getComplianceOverviewTool = defineTool({
  name: 'get_compliance_overview',
  description: [
    'Compliance from the stored QA results (newest analysis of each call): per rule, over the calls it applied to (pass or fail),',
    'the calls that failed it and the pass rate, overall and per week (Monday, Europe/London), failing most first; the calls that',
    'failed a mandatory rule, overall and per week. Filter: from/to (call days, default the 12 weeks up to today), advisor, team,',
    'product. `what` says what the figures are.',
  ].join(' '),
  readOnly: true,
  input: dashboardFilterSchema,
  output: complianceSchema,
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    return ok(await complianceOverview(db, args, services.config.clock));
  },
});
