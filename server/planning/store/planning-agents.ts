import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/agents.ts';
import { conversations } from '../../db/schema/chat.ts';
import { toolCallPlans } from '../../db/schema/planning.ts';
import { AGENT_ROLE_LABELS, AGENT_ROLES, agentRoleOf, type AgentRole } from '../../../lib/agent-roles.ts';
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

/** What the first plan of an agent no longer recorded says about it. */
interface FirstPlan {
  id: string;
  kind: string;
  unit: string;
  state: string | null;
  goal: string;
  at: Date;
}

/** The role a plan's unit implies: only a Companion plans a companion task, only a Conductor a delegation. */
const ROLE_OF_UNIT: Record<string, AgentRole> = { companion_task: 'companion', delegation: 'conductor', workflow_run: 'worker' };

const quoted = (goal: string) => `“${goal.length > 60 ? `${goal.slice(0, 59).trimEnd()}…` : goal}”`;

/**
 * An agent the agents table does not hold, named from its first plan. A run's worker: the Task state it
 * worked and the run, with when — "worker of TranscribeRecording, run 1a48c82f (29 Nov 2026, 07:04)". A
 * chat's agent by its conversation while that exists ("Planner of the chat “June review”"). Any other
 * (removed since: a deleted conversation's agent, a Companion let go) by its role and first goal.
 */
function nameFromFirstPlan(p: FirstPlan, chat?: { mode: 'planner' | 'conductor'; title: string }): PlanningAgent {
  const when = ukDateTime(p.at.toISOString());
  if (p.kind === 'workflow_run' && p.state)
    return { id: p.id, name: `worker of ${stateName(p.state)}, run ${p.unit.slice(0, 8)} (${when})`, role: 'worker' };
  if (chat) return { id: p.id, name: `${AGENT_ROLE_LABELS[chat.mode]} of the chat ${quoted(chat.title)}`, role: chat.mode };
  const role = ROLE_OF_UNIT[p.kind] ?? null;
  const who = role ? AGENT_ROLE_LABELS[role] : p.kind === 'chat_turn' ? 'Chat agent' : 'Agent';
  return { id: p.id, name: `${who} (removed): ${quoted(p.goal)} (${when})`, role };
}

/**
 * Agents that have declared plans, with their names where the local runtime knows them. A run's
 * in-process worker agents are not in the agents table (they live with their run in Redis and go
 * when it ends), nor are agents removed since (a deleted conversation's) or of another platform:
 * those are named from their first plan (nameFromFirstPlan), so no raw id reaches the filter.
 * Sorted by role, then name.
 */
export async function planningAgents(db: Db): Promise<PlanningAgent[]> {
  const [known, firstPlans] = await Promise.all([
    db
      .selectDistinct({ id: toolCallPlans.agentId, name: agents.name, role: agents.role, template: agents.template })
      .from(toolCallPlans)
      .innerJoin(agents, eq(agents.id, toolCallPlans.agentId)),
    // Each agent's first plan: what it was made for.
    db
      .selectDistinctOn([toolCallPlans.agentId], {
        id: toolCallPlans.agentId,
        kind: toolCallPlans.unitKind,
        unit: toolCallPlans.unitId,
        state: toolCallPlans.unitState,
        goal: toolCallPlans.goal,
        at: toolCallPlans.createdAt,
      })
      .from(toolCallPlans)
      .orderBy(toolCallPlans.agentId, asc(toolCallPlans.createdAt)),
  ]);
  const recorded = new Set(known.map((a) => a.id));
  const unrecorded = firstPlans.filter((p) => !recorded.has(p.id));
  const chats = unrecorded.length
    ? await db
        .select({ agentId: conversations.agentId, mode: conversations.mode, title: conversations.title })
        .from(conversations)
        .where(
          inArray(
            conversations.agentId,
            unrecorded.map((p) => p.id),
          ),
        )
    : [];
  const chatOf = new Map(chats.map((c) => [c.agentId, c]));
  const firstPlan = new Map(firstPlans.map((p) => [p.id, p]));
  const listed: PlanningAgent[] = [
    ...known.map((a): PlanningAgent => {
      const p = firstPlan.get(a.id);
      // A recorded agent with only a platform-made name ("agent-<uuid>", e.g. a Map iteration's worker) is named from its first plan.
      if ((RAW_NAME.test(a.name) || a.name === a.id) && p) return nameFromFirstPlan(p);
      return { id: a.id, name: a.name, role: agentRoleOf({ tags: [`role:${a.role}`], template: a.template }) };
    }),
    ...unrecorded.map((p) => nameFromFirstPlan(p, chatOf.get(p.id))),
  ];
  const rank = (r: AgentRole | null) => (r === null ? AGENT_ROLES.length : AGENT_ROLES.indexOf(r));
  return listed.sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
