import { customerOutcomes } from '../../dashboard/customers.ts';
import { customerOutcomesSchema, dashboardFilterSchema } from '../../contracts/dashboard-schemas.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, qaDb } from '../qa/qa-db.ts';

/** The dashboard's customer outcomes (server/dashboard/customers.ts), from the stored QA results. */
export const getCustomerOutcomesTool = defineTool({
  name: 'get_customer_outcomes',
  description: [
    'Customer outcomes from the stored QA results (newest analysis of each call), for Consumer Duty: per week (Monday,',
    'Europe/London) the calls with a vulnerability, confusion or anxiety flag and the mean score ' +
      '(reviewed where reviewed, else the AI’s) of flagged vs other calls;',
    'vulnerable vs not-vulnerable customers compared (calls, mean score, calls failing a mandatory rule or any rule) over every',
    'product and per product. Filter: from/to (call days, default the 12 weeks up to today), advisor, team, product.',
  ].join(' '),
  readOnly: true,
  input: dashboardFilterSchema,
  output: customerOutcomesSchema,
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    return ok(await customerOutcomes(db, args, services.config.clock));
  },
});
