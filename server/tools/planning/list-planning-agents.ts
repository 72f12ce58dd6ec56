import { z } from 'zod';
import { planningAgents } from '../../planning/store/plan-query.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { planningDb } from './planning.ts';

/** The agents that have declared tool-call plans (the Findings list's agent filter). Read-only. */
export const listPlanningAgentsTool = defineTool({
  name: 'list_planning_agents',
  description: 'List the agents that have declared tool-call plans: id and name, by name.',
  readOnly: true,
  input: z.strictObject({}),
  output: z.object({ agents: z.array(z.object({ id: z.string(), name: z.string() })) }),
  async handler(_args, { services }) {
    const db = await planningDb(services);
    if (isFailure(db)) return db;
    return ok({ agents: await planningAgents(db) });
  },
});
