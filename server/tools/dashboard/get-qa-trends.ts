import { qaTrends } from '../../dashboard/qa-trends.ts';
import { dashboardFilterSchema, qaTrendsSchema } from '../../contracts/dashboard-schemas.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, qaDb } from '../qa/qa-db.ts';

/** The dashboard's QA score over time (server/dashboard/qa-trends.ts), from the stored QA results. */
export const getQaTrendsTool = defineTool({
  name: 'get_qa_trends',
  description: [
    'QA score over time from the stored QA results (newest analysis of each call): per week (Monday, Europe/London) the calls,',
    'scored calls and mean score (reviewed where a reviewer decided, else the AI’s) of the team scope ' +
      '(the filter without its advisor) and of every advisor in the filter, each',
    "advisor's mean and distance from the team mean (vs_team), and the advisors furthest below it. Filter: from/to (call days,",
    'default the 12 weeks up to today), advisor, team, product. `what` says what the figures are.',
  ].join(' '),
  readOnly: true,
  input: dashboardFilterSchema,
  output: qaTrendsSchema,
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    return ok(await qaTrends(db, args, services.config.clock));
  },
});
