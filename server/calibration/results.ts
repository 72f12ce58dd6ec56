import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { calibrationCalls, calibrationNotes, calibrationReviewers, calibrationSessions, qaResults } from '../db/schema/index.ts';
import { calibrationFigures, type CalibrationFigures } from '../../lib/calibration/figures.ts';
import type { CalibrationAnswerValue } from '../../lib/calibration/session.ts';
import type { CalibrationResultsView } from '../../lib/calibration/views.ts';
import { currentAnswers } from './answers.ts';
import { done, isoOf, readerOf, refuse, type Outcome } from './outcome.ts';

export type CalibrationResults = CalibrationResultsView;

/**
 * The one query behind a session's results: the results page, the CSV export and the tools (so
 * the chat) all read this. Until every reviewer has submitted or the lead closed the session, only
 * the progress is given: nobody sees anybody's answers while the review is blind.
 */
export async function calibrationResults(db: Db, actor: Actor, sessionId: string): Promise<Outcome<CalibrationResults>> {
  const reader = readerOf(actor);
  if (!reader.ok) return reader;
  const [s] = await db.select().from(calibrationSessions).where(eq(calibrationSessions.id, sessionId));
  if (!s) return refuse('not_found', `no calibration session ${sessionId}`);
  const [calls, reviewers, notes] = await Promise.all([
    db.select().from(calibrationCalls).where(eq(calibrationCalls.sessionId, s.id)).orderBy(asc(calibrationCalls.position)),
    db.select().from(calibrationReviewers).where(eq(calibrationReviewers.sessionId, s.id)).orderBy(asc(calibrationReviewers.userLabel)),
    db.select().from(calibrationNotes).where(eq(calibrationNotes.sessionId, s.id)).orderBy(desc(calibrationNotes.createdAt)),
  ]);
  if (actor.kind === 'user' && actor.role !== 'admin' && s.createdBy !== actor.id && !reviewers.some((r) => r.userId === actor.id))
    return refuse('forbidden', 'only the lead, the reviewers and admins read this calibration session');
  const complete = s.status === 'closed' || reviewers.every((r) => r.submittedAt !== null);
  let figures: CalibrationFigures | null = null;
  if (complete) {
    const counted = reviewers.filter((r) => r.submittedAt !== null);
    const answers = (await currentAnswers(db, s.id)).filter((a) => counted.some((r) => r.userId === a.reviewerId));
    const ai = calls.length
      ? await db
          .select({ id: qaResults.id, verdicts: qaResults.verdicts })
          .from(qaResults)
          .where(
            inArray(
              qaResults.id,
              calls.map((c) => c.qaResultId),
            ),
          )
      : [];
    figures = calibrationFigures({
      rules: s.rules,
      calls: calls.map((c) => ({
        qaResultId: c.qaResultId,
        callId: c.callId,
        ai: Object.fromEntries(
          (ai.find((r) => r.id === c.qaResultId)?.verdicts ?? []).map((v) => [v.rule_id, v.verdict as CalibrationAnswerValue]),
        ),
      })),
      reviewers: counted.map((r) => ({ id: r.userId, label: r.userLabel })),
      answers: answers.map((a) => ({ reviewerId: a.reviewerId, qaResultId: a.qaResultId, ruleId: a.ruleId, answer: a.answer })),
    });
  }
  const newest = new Map<string, (typeof notes)[number]>();
  for (const n of notes) if (!newest.has(n.ruleId)) newest.set(n.ruleId, n);
  return done({
    session: {
      id: s.id,
      name: s.name,
      status: s.status,
      due_date: s.dueDate,
      rule_set_id: s.ruleSetId,
      sample: s.sample,
      created_by: s.createdByLabel,
      created_at: isoOf(s.createdAt),
      closed_at: isoOf(s.closedAt),
      closed_by: s.closedByLabel,
      calls: calls.length,
    },
    progress: reviewers.map((r) => ({ reviewer_id: r.userId, label: r.userLabel, submitted_at: isoOf(r.submittedAt) })),
    complete,
    figures,
    notes: [...newest.values()].map((n) => ({ rule_id: n.ruleId, note: n.note, author: n.authorLabel, created_at: isoOf(n.createdAt) })),
  });
}
