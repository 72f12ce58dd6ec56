import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/agents.ts';
import { toolCallPlans } from '../../db/schema/planning.ts';
import { AGENT_ROLES, agentRoleOf, type AgentRole } from '../../../lib/agent-roles.ts';
import { ukDateTime } from '../../../lib/uk-time.ts';

/** An agent that declared plans, as the Findings filter lists it: a name people read, and its role for grouping. */
export interface PlanningAgent {
  id: string;
  name: string;
  /** Null when neither the agent's record nor its plans say (an agent of another platform, gone since). */
  role: AgentRole | null;
}

/** `AnalyseEachCall[3]/TranscribeRecording` → `TranscribeRecording`: the Task state a worker agent works, without its Map scope. */
const stateName = (instance: string) =>
  instance
    .split('/')
    .at(-1)!
    .replace(/\[\d+\]$/, '');

/**
 * Agents that have declared plans, with their names where the local runtime knows them. A run's
 * in-process worker agents are not in the agents table (they live with their run in Redis and go
 * when it ends), so they are named from their first plan: the Task state they worked and the run,
 * with when — "worker of TranscribeRecording, run 1a48c82f (29 Nov 2026, 07:04)" — and grouped as workers.
 * Sorted by role, then name.
 */
export async function planningAgents(db: Db): Promise<PlanningAgent[]> {
  const [known, unknown] = await Promise.all([
    db
      .selectDistinct({ id: toolCallPlans.agentId, name: agents.name, role: agents.role, template: agents.template })
      .from(toolCallPlans)
      .innerJoin(agents, eq(agents.id, toolCallPlans.agentId)),
    // Each unrecorded agent's first plan: what it was made for.
    db
      .selectDistinctOn([toolCallPlans.agentId], {
        id: toolCallPlans.agentId,
        kind: toolCallPlans.unitKind,
        unit: toolCallPlans.unitId,
        state: toolCallPlans.unitState,
        at: toolCallPlans.createdAt,
      })
      .from(toolCallPlans)
      .leftJoin(agents, eq(agents.id, toolCallPlans.agentId))
      .where(isNull(agents.id))
      .orderBy(toolCallPlans.agentId, asc(toolCallPlans.createdAt)),
  ]);
  const listed: PlanningAgent[] = [
    ...known.map((a) => ({ id: a.id, name: a.name, role: agentRoleOf({ tags: [`role:${a.role}`], template: a.template }) })),
    ...unknown.map((p): PlanningAgent => {
      if (p.kind !== 'workflow_run' || !p.state) return { id: p.id, name: p.id, role: null };
      return {
        id: p.id,
        name: `worker of ${stateName(p.state)}, run ${p.unit.slice(0, 8)} (${ukDateTime(p.at.toISOString())})`,
        role: 'worker',
      };
    }),
  ];
  const rank = (r: AgentRole | null) => (r === null ? AGENT_ROLES.length : AGENT_ROLES.indexOf(r));
  return listed.sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
