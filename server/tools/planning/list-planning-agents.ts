import { z } from 'zod';
import { AGENT_ROLES } from '../../../lib/agent-roles.ts';
import { planningAgents } from '../../planning/store/planning-agents.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { planningDb } from './planning.ts';

/** The agents that have declared tool-call plans (the Findings list's agent filter, grouped by role). Read-only. */
export const listPlanningAgentsTool = defineTool({
  name: 'list_planning_agents',
  description:
    "List the agents that have declared tool-call plans: id, a readable name (a run's worker agents by the Task state they worked " +
    'and the run) and role (planner, conductor, companion, strategist, worker, sleeptime; null when unknown), by role then name.',
  readOnly: true,
  input: z.strictObject({}),
  output: z.object({ agents: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(AGENT_ROLES).nullable() })) }),
  async handler(_args, { services }) {
    const db = await planningDb(services);
    if (isFailure(db)) return db;
    return ok({ agents: await planningAgents(db) });
  },
});
