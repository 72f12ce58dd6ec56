import { compact } from '../activity.ts';
import { listCompanions, type CompanionView } from '../companions.ts';
import { eq, sql } from 'drizzle-orm';
import { delegationEvents, type DelegationSessionRow } from '../../db/schema/delegation.ts';
import { parseGuidelines, type Guidelines } from '../guidelines.ts';
import type { DelegationHub } from '../hub.ts';
import { blocksOf } from '../sessions.ts';
import { adviceViews, guidelinesRevisions, type AdviceView, type GuidelinesRevisionView } from './advice-view.ts';
import { agentLabels, userIdsIn, type AgentLabel } from './agent-names.ts';
import { peopleById, type PersonView } from './people.ts';
import { sessionHeader, type SessionHeader } from './session-header.ts';
import { sharedBlockView, type SharedBlockView } from './shared-block-view.ts';
import { taskView, type TaskView } from './task-view.ts';

/** One event of the session's activity with the detail an analyst needs (whole messages stay in the tasks). */
export interface ActivityItem {
  event_id: number;
  at: string;
  kind: string;
  actor: string | null;
  subject: string | null;
  task_id: string | null;
  detail: Record<string, unknown>;
}

/** Everything the Companions page shows of one session. */
export interface SessionDetail {
  session: SessionHeader;
  /** The live pool (list_session_companions); null when the agent platform could not be read. */
  pool: CompanionView[] | null;
  pool_error: string | null;
  /** The session's agents by id (also Companions dismissed since). */
  agents: Record<string, AgentLabel>;
  /** Console users named in the record, by user id. */
  people: Record<string, PersonView>;
  blocks: SharedBlockView[];
  /** Oldest first. */
  tasks: TaskView[];
  /** Oldest first. */
  activity: ActivityItem[];
  /** strategist_guidelines as parsed now. */
  guidelines: Guidelines;
  advice: AdviceView[];
  guideline_updates: GuidelinesRevisionView[];
  /** The activity holds only the first EVENTS_READ events (the tasks and counts are complete). */
  activity_truncated: boolean;
  /** The newest event's id: the live feed is opened after it. */
  last_event_id: number | null;
}

/** Events read per session view (a session with more shows its first ones and says so). */
export const EVENTS_READ = 5000;

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Reads one session for the console: the record (tasks, activity) from the database, the pool and
 * the shared blocks from the agent platform. A platform that cannot be reached leaves the record
 * readable: the pool says why it is missing, and blocks fall back to their last recorded revision.
 */
export async function readSessionDetail(hub: DelegationHub, session: DelegationSessionRow, viewerId: string): Promise<SessionDetail> {
  const events = await hub.store.events(session.id, { limit: EVENTS_READ });
  const truncated = events.length >= EVENTS_READ;
  const [header, taskRows, blocks, newest] = await Promise.all([
    sessionHeader(hub.db, session, viewerId),
    hub.store.tasks(session.id),
    Promise.all(Object.entries(blocksOf(session)).map(([label, id]) => sharedBlockView(hub, label as SharedBlockView['label'], id))),
    truncated ? lastEventId(hub, session.id) : Promise.resolve(events.at(-1)?.id ?? null),
  ]);
  let pool: CompanionView[] | null = [];
  let poolError: string | null = null;
  if (session.status === 'active') {
    try {
      pool = await listCompanions(hub, session.id);
    } catch (err) {
      pool = null;
      poolError = `the agent platform could not be read: ${why(err)}`;
    }
  }
  const writers = blocks.flatMap((b) => b.revisions.map((r) => r.writer));
  const people = await peopleById(
    hub.db,
    userIdsIn([...events.flatMap((e) => [e.actor, e.subject]), ...writers, session.ownerUserId ? `user:${session.ownerUserId}` : null]),
  );
  const guidelinesBlock = blocks.find((b) => b.label === 'strategist_guidelines');
  return {
    session: header,
    pool,
    pool_error: poolError,
    agents: agentLabels(session, events, pool ?? []),
    people,
    blocks,
    tasks: taskRows.map((t) => taskView(t, events)),
    activity: events.map((e) => ({
      event_id: e.id,
      at: e.at.toISOString(),
      kind: e.kind,
      actor: e.actor,
      subject: e.subject,
      task_id: e.taskId,
      detail: compact(e.kind, e.payload),
    })),
    guidelines: parseGuidelines(guidelinesBlock?.value ?? ''),
    advice: adviceViews(events),
    guideline_updates: guidelinesRevisions(events),
    activity_truncated: truncated,
    last_event_id: newest,
  };
}

async function lastEventId(hub: DelegationHub, sessionId: string): Promise<number | null> {
  const [row] = await hub.db
    .select({ id: sql<number | null>`max(${delegationEvents.id})` })
    .from(delegationEvents)
    .where(eq(delegationEvents.sessionId, sessionId));
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}
