import { inArray } from 'drizzle-orm';
import { platformAgentNames } from '../../lib/agent-names.ts';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { collaborationExternalAgents } from '../db/schema/index.ts';

/**
 * What people call the agents of a session, for the console (ids are what the tools take, names
 * are what people read): a platform agent's name; an external agent's type and role
 * ("claude-desktop, reviewer"); an id found in neither (an agent deleted since) is left out, so
 * the page shows the id alone.
 */
export async function agentNames(db: Db, platform: AgentPlatform | null, ids: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  const out: Record<string, string> = platform ? Object.fromEntries(await platformAgentNames(platform, unique)) : {};
  const rest = unique.filter((id) => !(id in out));
  if (rest.length) {
    const external = await db.select().from(collaborationExternalAgents).where(inArray(collaborationExternalAgents.id, rest));
    for (const e of external) out[e.id] = `${e.agentType}, ${e.role}`;
  }
  return out;
}

/** Every agent id a session read names: coordinator, participants, senders, recipients, assignees, evaluators. */
export function agentIdsOf(s: {
  coordinatorId: string;
  participantIds: string[];
  messages: Array<{ senderId: string; recipientIds: string[] }>;
  subtasks: Array<{ assigneeId: string }>;
  evaluations: Array<{ evaluatorId: string; contributorId: string }>;
}): string[] {
  return [
    s.coordinatorId,
    ...s.participantIds,
    ...s.messages.flatMap((m) => [m.senderId, ...m.recipientIds]),
    ...s.subtasks.map((t) => t.assigneeId),
    ...s.evaluations.flatMap((e) => [e.evaluatorId, e.contributorId]),
  ];
}
