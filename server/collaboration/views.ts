import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  collaborationEvaluations,
  collaborationMessages,
  collaborationSessions,
  collaborationSubtasks,
  collaborationThreads,
} from '../db/schema/index.ts';

/**
 * What the console's read-only Collaboration page shows (admins): sessions newest first with
 * their counts, and one session with its threads, messages, subtasks and evaluations. Dates as
 * ISO strings (the page writes them in en-GB, Europe/London).
 */
export async function listCollaborationSessions(db: Db, limit = 100) {
  const rows = await db
    .select({
      id: collaborationSessions.id,
      title: collaborationSessions.title,
      status: collaborationSessions.status,
      coordinatorId: collaborationSessions.coordinatorId,
      participantIds: collaborationSessions.participantIds,
      createdAt: collaborationSessions.createdAt,
      messages: sql<number>`(select count(*)::int from collaboration_messages m where m.session_id = collaboration_sessions.id)`,
      subtasks: sql<number>`(select count(*)::int from collaboration_subtasks s where s.session_id = collaboration_sessions.id)`,
    })
    .from(collaborationSessions)
    .orderBy(desc(collaborationSessions.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    messages: Number(r.messages),
    subtasks: Number(r.subtasks),
  }));
}

export async function readCollaborationSession(db: Db, id: string) {
  const [s] = await db.select().from(collaborationSessions).where(eq(collaborationSessions.id, id));
  if (!s) return null;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const [threads, messages, subtasks, evaluations] = await Promise.all([
    db.select().from(collaborationThreads).where(eq(collaborationThreads.sessionId, id)).orderBy(asc(collaborationThreads.createdAt)),
    db.select().from(collaborationMessages).where(eq(collaborationMessages.sessionId, id)).orderBy(asc(collaborationMessages.createdAt)),
    db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.sessionId, id)).orderBy(asc(collaborationSubtasks.delegatedAt)),
    db
      .select()
      .from(collaborationEvaluations)
      .where(eq(collaborationEvaluations.sessionId, id))
      .orderBy(asc(collaborationEvaluations.createdAt)),
  ]);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    status: s.status,
    coordinatorId: s.coordinatorId,
    participantIds: s.participantIds,
    createdAt: s.createdAt.toISOString(),
    threads: threads.map((t) => ({ id: t.id, title: t.title, createdAt: t.createdAt.toISOString() })),
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      senderId: m.senderId,
      recipientIds: m.recipientIds,
      threadId: m.threadId,
      relatedRef: m.relatedRef,
      body: m.body,
      delivery: m.delivery,
      createdAt: m.createdAt.toISOString(),
    })),
    subtasks: subtasks.map((t) => ({
      id: t.id,
      description: t.description,
      assigneeId: t.assigneeId,
      coordinatorId: t.coordinatorId,
      status: t.status,
      deadline: iso(t.deadline),
      delegatedAt: t.delegatedAt.toISOString(),
      completedAt: iso(t.completedAt),
      result: t.resultContent,
    })),
    evaluations: evaluations.map((e) => ({
      id: e.id,
      evaluatorId: e.evaluatorId,
      contributorId: e.contributorId,
      contributionRef: e.contributionRef,
      ratings: {
        clarity: e.clarity,
        relevance: e.relevance,
        completeness: e.completeness,
        actionability: e.actionability,
      },
      comments: e.comments,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
