import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { calibrationNotes, calibrationReviewers, calibrationSessions, type CalibrationSessionRow } from '../db/schema/index.ts';
import { done, isoOf, leadOf, refuse, type Outcome, type UserActor } from './outcome.ts';

/** The session, if the actor leads it: its creator, or an admin. */
async function ledBy(db: Db, actor: Actor, sessionId: string): Promise<Outcome<{ session: CalibrationSessionRow; lead: UserActor }>> {
  const lead = leadOf(actor);
  if (!lead.ok) return lead;
  const [session] = await db.select().from(calibrationSessions).where(eq(calibrationSessions.id, sessionId));
  if (!session) return refuse('not_found', `no calibration session ${sessionId}`);
  if (session.createdBy !== lead.value.id && lead.value.role !== 'admin')
    return refuse('forbidden', `only the session's lead (${session.createdByLabel}) or an admin may do this`);
  return done({ session, lead: lead.value });
}

/**
 * Closes a session (its lead or an admin): the results are final over the reviewers who submitted,
 * answers no longer change. `all_submitted` when every reviewer had submitted, `lead` otherwise.
 * Audited with who had and had not submitted.
 */
export async function closeCalibrationSession(
  db: Db,
  actor: Actor,
  input: { session_id: string },
): Promise<Outcome<{ closed_at: string; closed_how: 'all_submitted' | 'lead'; missing: string[] }>> {
  const led = await ledBy(db, actor, input.session_id);
  if (!led.ok) return led;
  const { session, lead } = led.value;
  if (session.status === 'closed') return refuse('conflict', `this session was closed on ${session.closedAt} by ${session.closedByLabel}`);
  const reviewers = await db.select().from(calibrationReviewers).where(eq(calibrationReviewers.sessionId, session.id));
  const missing = reviewers.filter((r) => !r.submittedAt).map((r) => r.userLabel);
  const how = missing.length ? ('lead' as const) : ('all_submitted' as const);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .update(calibrationSessions)
      .set({ status: 'closed', closedAt: sql`now()`, closedByLabel: lead.label, closedHow: how })
      .where(and(eq(calibrationSessions.id, session.id), eq(calibrationSessions.status, 'open')))
      .returning();
    if (!row) return refuse('conflict', 'this session was closed at the same moment by someone else');
    await recordAudit(t, {
      actor,
      action: 'calibration.close',
      args: input,
      status: 'ok',
      detail: { session_id: session.id, closed_how: how, missing: missing.length },
      content: { name: session.name, submitted: reviewers.filter((r) => r.submittedAt).map((r) => r.userLabel), missing },
    });
    return done({ closed_at: isoOf(row.closedAt!), closed_how: how, missing });
  });
}

/**
 * The lead writes what the team agreed about one rule of the session. A note is never rewritten: a
 * newer one on the same rule stands in front of it (the older stays, with its author and time).
 */
export async function addCalibrationNote(
  db: Db,
  actor: Actor,
  input: { session_id: string; rule_id: string; note: string },
): Promise<Outcome<{ note_id: string; created_at: string }>> {
  const led = await ledBy(db, actor, input.session_id);
  if (!led.ok) return led;
  const { session, lead } = led.value;
  if (!session.rules.some((r) => r.rule_id === input.rule_id))
    return refuse('invalid_input', `rule ${input.rule_id} is not in this session's rule set`);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(calibrationNotes)
      .values({ sessionId: session.id, ruleId: input.rule_id, note: input.note, authorId: lead.id, authorLabel: lead.label })
      .returning();
    await recordAudit(t, {
      actor,
      action: 'calibration.note',
      args: input,
      status: 'ok',
      detail: { session_id: session.id, rule_id: input.rule_id },
      content: row,
    });
    return done({ note_id: row!.id, created_at: isoOf(row!.createdAt) });
  });
}

/**
 * The calibration notes on some rules, as the QA call review shows them beside each rule: per rule
 * and session its newest note, with the session's name; newest first.
 */
export async function notesForRules(db: Db, ruleIds: string[]) {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .select({ note: calibrationNotes, sessionName: calibrationSessions.name })
    .from(calibrationNotes)
    .innerJoin(calibrationSessions, eq(calibrationSessions.id, calibrationNotes.sessionId))
    .where(inArray(calibrationNotes.ruleId, ruleIds))
    .orderBy(desc(calibrationNotes.createdAt));
  const seen = new Set<string>();
  return rows
    .filter(({ note }) => {
      const k = `${note.sessionId}|${note.ruleId}`;
      return seen.has(k) ? false : (seen.add(k), true);
    })
    .map(({ note, sessionName }) => ({
      rule_id: note.ruleId,
      note: note.note,
      session_id: note.sessionId,
      session_name: sessionName,
      author: note.authorLabel,
      created_at: isoOf(note.createdAt),
    }));
}
