import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { collaborationSessions, collaborationThreads } from '../db/schema/index.ts';
import { requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { CollaborationError, writerOf } from './errors.ts';
import { sendCollaborationMessage } from './messaging.ts';

export interface SessionInput {
  title: string;
  description: string;
  participant_model_ids: string[];
  coordinator_model_id: string;
}

/**
 * create_collaboration_session: every agent must exist; the coordinator is a participant; an
 * agent caller must take part. Creates the session and its main thread, and sends every other
 * participant an invitation from the coordinator through the platform.
 */
export async function createSession(c: Collab, input: SessionInput) {
  const participants = [...new Set([input.coordinator_model_id, ...input.participant_model_ids])];
  if (c.actor.kind === 'agent' && !participants.includes(c.actor.id)) {
    throw new CollaborationError(
      'forbidden',
      `you ("${c.actor.id}") are neither the coordinator nor a participant of the session you create`,
    );
  }
  const agents = await requireAgents(c.db, c.platform, participants, 'participant');
  const coordinator = agents.find((a) => a.id === input.coordinator_model_id)!;
  const id = `collab-${randomUUID()}`;
  const threadId = `thread-${randomUUID()}`;
  await c.db.transaction(async (tx) => {
    await tx.insert(collaborationSessions).values({
      id,
      title: input.title,
      description: input.description,
      coordinatorId: coordinator.id,
      participantIds: participants,
      mainThreadId: threadId,
      createdBy: writerOf(c.actor),
    });
    await tx.insert(collaborationThreads).values({ id: threadId, sessionId: id, title: input.title });
  });
  const invitees = agents.filter((a) => a.id !== coordinator.id);
  const invitation =
    invitees.length === 0
      ? null
      : await sendCollaborationMessage(c.db, c.platform, {
          kind: 'session_invite',
          sender: coordinator.id,
          senderOnPlatform: coordinator.kind === 'platform',
          recipients: invitees,
          sessionId: id,
          threadId,
          body: {
            session_id: id,
            thread_id: threadId,
            title: input.title,
            description: input.description,
            coordinator_id: coordinator.id,
            participant_ids: participants,
          },
        });
  return {
    session_id: id,
    thread_id: threadId,
    title: input.title,
    session_status: 'active' as const,
    coordinator_model_id: coordinator.id,
    participant_model_ids: participants,
    invitation_message_id: invitation?.message_id ?? null,
    invitations: invitation?.delivery ?? [],
  };
}

/** A session with its threads, or null. */
export async function readSession(c: Pick<Collab, 'db'>, id: string) {
  const [s] = await c.db.select().from(collaborationSessions).where(eq(collaborationSessions.id, id));
  if (!s) return null;
  const threads = await c.db.select().from(collaborationThreads).where(eq(collaborationThreads.sessionId, id));
  return { ...s, threads };
}
