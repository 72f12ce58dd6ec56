import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import type { AgentInboxRow, DelegationSessionRow, DelegationTaskRow } from '../db/schema/delegation.ts';
import { SessionStore } from '../delegation/session-store.ts';
import { roleTag, sessionTag } from '../delegation/tags.ts';

/**
 * The agents whose work a chat turn waits for, and what of it is still open. A Planner turn
 * involves its agent; a Conductor turn also its delegated-mode session's Companions and
 * Strategist. Their sleep-time companions are waited for (their messages are part of the
 * agents' work) but are not the conversation's participants.
 */
export interface TurnAgents {
  /** The conversation's agent, then the Strategist, then the Companions as they appear. */
  participants: string[];
  /** Participants and their sleep-time companions: whose inbox must be empty before the turn is over. */
  inboxes: string[];
  /** The Conductor's active session, for a Conductor conversation. */
  session: DelegationSessionRow | null;
}

/** The agents of a turn now (Companions come and go while the Conductor works). */
export async function turnAgents(db: Db, platform: AgentPlatform, mainAgentId: string, mode: 'planner' | 'conductor'): Promise<TurnAgents> {
  const session = mode === 'conductor' ? await new SessionStore(db).sessionOfConductor(mainAgentId) : null;
  const participants = [mainAgentId];
  if (session?.strategistId) participants.push(session.strategistId);
  if (session) {
    const companions = await platform.listAgents({ tags: [roleTag('companion'), sessionTag(session.id)], match_all_tags: true });
    participants.push(...companions.map((c) => c.id));
  }
  const sleeptime = await Promise.all(participants.map(async (id) => (await platform.getAgent(id))?.sleeptime_agent_id ?? null));
  return { participants, inboxes: [...participants, ...sleeptime.filter((id): id is string => !!id)], session };
}

/** The local runtime's durable inbox as openWork reads it (server/agents/local/inbox-store.ts InboxStore). */
export interface PendingInbox {
  /** Messages to these agents not yet delivered (queued or being delivered). */
  pending(agentIds: string[]): Promise<AgentInboxRow[]>;
}

export interface OpenWork {
  /** Tasks of the session still `offered` or `delegated`. */
  tasks: DelegationTaskRow[];
  /** Messages not yet delivered (queued, or being delivered: a turn running) to these agents; the local runtime only. */
  pending: AgentInboxRow[];
}

/**
 * What is still open: the session's unfinished tasks, and the messages waiting in or being
 * delivered from the durable inbox of the local runtime (an async message's turn runs while its
 * row is `delivering`, in whichever process claimed it; read through `inbox`, which the caller
 * hands in). Letta keeps its own queues, which the console cannot see: there only the tasks count.
 */
export async function openWork(db: Db, platform: AgentPlatform, agents: TurnAgents, inbox: PendingInbox): Promise<OpenWork> {
  const tasks = (await sessionTasks(db, agents.session)).filter((t) => t.status === 'offered' || t.status === 'delegated');
  const pending = platform.kind === 'local' ? await inbox.pending(agents.inboxes) : [];
  return { tasks, pending };
}

/** The session's tasks, oldest first (none without a session). */
export async function sessionTasks(db: Db, session: DelegationSessionRow | null): Promise<DelegationTaskRow[]> {
  return session ? new SessionStore(db).tasks(session.id) : [];
}
