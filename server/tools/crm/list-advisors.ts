import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { callCrmDirectory, crmName, skillSummary } from './crm-directory.ts';

const advisor = z.object({ advisor_id: z.string(), name: z.string(), team: z.string() });
type Advisors = { advisors: Array<z.infer<typeof advisor>>; teams: string[] };

/**
 * The CRM's advisors and teams (issue 15: people are resolved "against the CRM's advisors, through
 * a tool, not a copy of the list"): the Planner matches names against it, the run form offers it.
 */
export const listAdvisorsTool = defineTool({
  name: 'list_advisors',
  description:
    'List the advisors of the CRM (advisor_id, name, team), optionally of one team (full name, any case), and every team. ' +
    'Use it to resolve the people and teams a request names; an unknown team is not_found.',
  readOnly: true,
  input: z.object({ team: crmName.optional().describe("Only this team's advisors.") }),
  output: z.object({
    advisors: z.array(advisor),
    teams: z.array(z.string()).describe('Every team of the CRM, also when one team was asked for.'),
    summary: skillSummary,
  }),
  async handler(args, { services }) {
    const r = await callCrmDirectory<Advisors>(services, 'list_advisors', args.team === undefined ? {} : { team: args.team });
    if (isFailure(r)) return r;
    return ok({ advisors: r.data.advisors, teams: r.data.teams, summary: r.summary });
  },
});
