import { asc, eq } from 'drizzle-orm';
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

/** A name the platform made up from the id, which says nothing to a person. */
const RAW_NAME = /^agent-[0-9a-f-]{36}$/i;

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
      .orderBy(toolCallPlans.agentId, asc(toolCallPlans.createdAt)),
  ]);
  const firstPlan = new Map(unknown.map((p) => [p.id, p]));
  // A run's worker, by the Task state and run of its first plan; null for any other agent.
  const worker = (id: string): PlanningAgent | null => {
    const p = firstPlan.get(id);
    if (!p || p.kind !== 'workflow_run' || !p.state) return null;
    return { id, name: `worker of ${stateName(p.state)}, run ${p.unit.slice(0, 8)} (${ukDateTime(p.at.toISOString())})`, role: 'worker' };
  };
  const recorded = new Set(known.map((a) => a.id));
  const listed: PlanningAgent[] = [
    // A recorded agent with only a platform-made name ("agent-<uuid>", e.g. a Map iteration's worker) is named as a worker.
    ...known.map((a) =>
      RAW_NAME.test(a.name) || a.name === a.id
        ? (worker(a.id) ?? { id: a.id, name: a.name, role: agentRoleOf({ tags: [`role:${a.role}`], template: a.template }) })
        : { id: a.id, name: a.name, role: agentRoleOf({ tags: [`role:${a.role}`], template: a.template }) },
    ),
    ...unknown.filter((p) => !recorded.has(p.id)).map((p): PlanningAgent => worker(p.id) ?? { id: p.id, name: p.id, role: null }),
  ];
  const rank = (r: AgentRole | null) => (r === null ? AGENT_ROLES.length : AGENT_ROLES.indexOf(r));
  return listed.sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
