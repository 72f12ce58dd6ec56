import { asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { calibrationCalls, calibrationReviewers, calibrationSessions, qaResults } from '../db/schema/index.ts';
import type { BlindReviewView } from '../../lib/calibration/views.ts';
import { currentAnswers } from './answers.ts';
import { done, isoOf, refuse, type Outcome } from './outcome.ts';

/**
 * What one reviewer sees of a session: the rules, the calls in order with their transcripts, and
 * their own answers — blind: never the AI's verdicts, rationale, evidence or score, and never
 * another reviewer's answers. Only the session's reviewers get it.
 */
export async function calibrationReview(db: Db, actor: Actor, sessionId: string) {
  if (actor.kind !== 'user') return refuse('forbidden', 'a blind review is read by its reviewer, signed in to the console');
  const [s] = await db.select().from(calibrationSessions).where(eq(calibrationSessions.id, sessionId));
  if (!s) return refuse('not_found', `no calibration session ${sessionId}`);
  const reviewers = await db.select().from(calibrationReviewers).where(eq(calibrationReviewers.sessionId, s.id));
  const me = reviewers.find((r) => r.userId === actor.id);
  if (!me) return refuse('forbidden', 'you are not a reviewer of this calibration session');
  const calls = await db
    .select()
    .from(calibrationCalls)
    .where(eq(calibrationCalls.sessionId, s.id))
    .orderBy(asc(calibrationCalls.position));
  const rows = calls.length
    ? await db
        .select({
          id: qaResults.id,
          advisor: qaResults.advisor,
          product: qaResults.product,
          callAt: qaResults.callAt,
          durationS: qaResults.durationS,
          transcript: qaResults.transcript,
        })
        .from(qaResults)
        .where(
          inArray(
            qaResults.id,
            calls.map((c) => c.qaResultId),
          ),
        )
    : [];
  const mine = await currentAnswers(db, s.id, actor.id);
  const result: Outcome<BlindReviewView> = done({
    session: { id: s.id, name: s.name, status: s.status, due_date: s.dueDate, lead: s.createdByLabel },
    rules: s.rules,
    submitted_at: isoOf(me.submittedAt),
    calls: calls.map((c) => {
      const r = rows.find((x) => x.id === c.qaResultId)!;
      return {
        position: c.position,
        qa_result_id: c.qaResultId,
        call_id: c.callId,
        advisor: r.advisor,
        product: r.product,
        call_at: r.callAt,
        duration_s: r.durationS,
        transcript: r.transcript,
      };
    }),
    answers: mine.map((a) => ({
      qa_result_id: a.qaResultId,
      rule_id: a.ruleId,
      answer: a.answer,
      reason: a.reason,
      version: a.version,
      amendment_reason: a.amendmentReason,
      at: isoOf(a.updatedAt),
    })),
  });
  return result;
}
