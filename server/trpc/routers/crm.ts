import { countCallsTool } from '../../tools/crm/count-calls.ts';
import { listAdvisorsTool } from '../../tools/crm/list-advisors.ts';
import { listProductsTool } from '../../tools/crm/list-products.ts';
import { ALL_ROLES, router } from '../init.ts';
import { toolQuery } from '../tool-procedure.ts';

/**
 * The CRM directory (issue 15) for every signed-in role: its advisors and teams (the run form's
 * advisor list), its products, and how many calls a period holds before a run is started.
 */
export const crmRouter = router({
  advisors: toolQuery(listAdvisorsTool, ALL_ROLES),
  products: toolQuery(listProductsTool, ALL_ROLES),
  countCalls: toolQuery(countCallsTool, ALL_ROLES),
});
