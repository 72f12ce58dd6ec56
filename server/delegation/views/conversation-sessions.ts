import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { delegationEvents, delegationTasks } from '../../db/schema/delegation.ts';
import { agentLabels, type AgentLabel } from './agent-names.ts';
import { sessionsOfConversation } from './session-header.ts';
import { taskView, type TaskView } from './task-view.ts';

/**
 * What the chat needs of a Conductor conversation's delegated work: its current session (active,
 * else the latest; the live feed follows it from `last_event_id`), the tasks of all its sessions
 * (a conversation outlives a finalized session) and the names of their agents.
 */
export interface ConversationSessions {
  session: { id: string; status: 'active' | 'finalized'; last_event_id: number | null } | null;
  tasks: TaskView[];
  agents: Record<string, AgentLabel>;
}

/** The events the tasks' steps and the agents' names are read from. */
const NEEDED = [
  'session_created',
  'companion_created',
  'companion_status',
  'companion_dismissed',
  'task_delegated',
  'task_offered',
  'task_claimed',
  'task_progress',
  'task_result',
  'task_cancelled',
];

export async function conversationSessions(db: Db, conversationId: string): Promise<ConversationSessions> {
  const sessions = await sessionsOfConversation(db, conversationId);
  if (!sessions.length) return { session: null, tasks: [], agents: {} };
  const ids = sessions.map((s) => s.id);
  const current = sessions.find((s) => s.status === 'active') ?? sessions[0]!;
  const [events, tasks, [newest]] = await Promise.all([
    db
      .select()
      .from(delegationEvents)
      .where(and(inArray(delegationEvents.sessionId, ids), inArray(delegationEvents.kind, NEEDED)))
      .orderBy(asc(delegationEvents.id)),
    db
      .select()
      .from(delegationTasks)
      .where(inArray(delegationTasks.sessionId, ids))
      .orderBy(asc(delegationTasks.delegatedAt), asc(delegationTasks.taskId)),
    db
      .select({ id: sql<number | null>`max(${delegationEvents.id})` })
      .from(delegationEvents)
      .where(eq(delegationEvents.sessionId, current.id)),
  ]);
  const agents: Record<string, AgentLabel> = {};
  for (const s of [...sessions].reverse())
    Object.assign(
      agents,
      agentLabels(
        s,
        events.filter((e) => e.sessionId === s.id),
      ),
    );
  return {
    session: {
      id: current.id,
      status: current.status,
      last_event_id: newest?.id === null || newest?.id === undefined ? null : Number(newest.id),
    },
    tasks: tasks.map((t) =>
      taskView(
        t,
        events.filter((e) => e.sessionId === t.sessionId),
      ),
    ),
    agents,
  };
}
