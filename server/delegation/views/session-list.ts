import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { delegationEvents, delegationSessions, delegationTasks } from '../../db/schema/delegation.ts';
import { sessionHeaders, type SessionHeader } from './session-header.ts';

/** How many of a session's tasks are in each state (offered and delegated count as open). */
export interface TaskCounts {
  open: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** One row of the Companions page's session list. */
export interface SessionSummary extends SessionHeader {
  /** Companions created and not dismissed, as the session's activity records them. */
  companions_now: number;
  tasks: TaskCounts;
}

export interface SessionListQuery {
  /** Only this user's sessions (compliance managers); all when absent (admins). */
  ownerUserId?: string;
  status?: 'active' | 'finalized';
  limit: number;
}

/**
 * Sessions newest activity first, with their counts: three queries whatever the number of
 * sessions (the sessions, then task and Companion counts grouped by session), so the list can be
 * re-read on every session event. The pool size comes from the activity (companion_created minus
 * companion_dismissed), not from the agent platform, which would cost a call per session.
 */
export async function listSessionSummaries(db: Db, q: SessionListQuery, viewerId: string): Promise<SessionSummary[]> {
  const where: SQL[] = [];
  if (q.ownerUserId) where.push(eq(delegationSessions.ownerUserId, q.ownerUserId));
  if (q.status) where.push(eq(delegationSessions.status, q.status));
  const rows = await db
    .select()
    .from(delegationSessions)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(delegationSessions.updatedAt), desc(delegationSessions.createdAt))
    .limit(q.limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const companionsCreated = sql`count(*) filter (where ${delegationEvents.kind} = 'companion_created')`;
  const companionsDismissed = sql`count(*) filter (where ${delegationEvents.kind} = 'companion_dismissed')`;
  const [headers, taskRows, poolRows] = await Promise.all([
    sessionHeaders(db, rows, viewerId),
    db
      .select({ sessionId: delegationTasks.sessionId, status: delegationTasks.status, n: sql<number>`count(*)::int` })
      .from(delegationTasks)
      .where(inArray(delegationTasks.sessionId, ids))
      .groupBy(delegationTasks.sessionId, delegationTasks.status),
    db
      .select({
        sessionId: delegationEvents.sessionId,
        n: sql<number>`(${companionsCreated} - ${companionsDismissed})::int`,
      })
      .from(delegationEvents)
      .where(and(inArray(delegationEvents.sessionId, ids), inArray(delegationEvents.kind, ['companion_created', 'companion_dismissed'])))
      .groupBy(delegationEvents.sessionId),
  ]);
  const counts = new Map<string, TaskCounts>(ids.map((id) => [id, { open: 0, succeeded: 0, failed: 0, cancelled: 0 }]));
  for (const t of taskRows) {
    const c = counts.get(t.sessionId)!;
    const n = Number(t.n);
    if (t.status === 'offered' || t.status === 'delegated') c.open += n;
    else c[t.status] += n;
  }
  const pool = new Map(poolRows.map((p) => [p.sessionId, Math.max(0, Number(p.n))]));
  return headers.map((h) => ({ ...h, companions_now: pool.get(h.id) ?? 0, tasks: counts.get(h.id)! }));
}
