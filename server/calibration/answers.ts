import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import {
  calibrationAnswers,
  calibrationCalls,
  calibrationReviewers,
  calibrationSessions,
  type CalibrationAnswerRow,
} from '../db/schema/index.ts';
import type { CalibrationAnswerInput } from '../../lib/calibration/session.ts';
import { done, isoOf, refuse, type Outcome, type UserActor } from './outcome.ts';

/** The newest version of each of a session's answers (every reviewer, or one). */
export async function currentAnswers(db: Db, sessionId: string, reviewerId?: string): Promise<CalibrationAnswerRow[]> {
  const rows = await db
    .select()
    .from(calibrationAnswers)
    .where(
      reviewerId
        ? and(eq(calibrationAnswers.sessionId, sessionId), eq(calibrationAnswers.reviewerId, reviewerId))
        : eq(calibrationAnswers.sessionId, sessionId),
    );
  const by = new Map<string, CalibrationAnswerRow>();
  for (const r of rows) {
    const k = `${r.reviewerId}|${r.qaResultId}|${r.ruleId}`;
    if ((by.get(k)?.version ?? 0) < r.version) by.set(k, r);
  }
  return [...by.values()];
}

/** The session and the actor's place in it as a reviewer, or why they have none. */
async function reviewerIn(db: Db, actor: Actor, sessionId: string) {
  if (actor.kind !== 'user') return refuse('forbidden', 'calibration reviews are made by people signed in to the console');
  const [session] = await db.select().from(calibrationSessions).where(eq(calibrationSessions.id, sessionId));
  if (!session) return refuse('not_found', `no calibration session ${sessionId}`);
  const [me] = await db
    .select()
    .from(calibrationReviewers)
    .where(and(eq(calibrationReviewers.sessionId, sessionId), eq(calibrationReviewers.userId, actor.id)));
  if (!me) return refuse('forbidden', 'you are not a reviewer of this calibration session');
  if (session.status === 'closed') return refuse('conflict', 'this calibration session is closed; its reviews no longer change');
  return done({ session, me, user: actor as UserActor });
}

/**
 * Saves a reviewer's answers as they go. Before the submission each answer is the reviewer's draft
 * (rewritten in place). After it, a change is an amendment: it needs a reason, and each changed
 * answer becomes a new version with who and when, audited with the answer it replaces — a submitted
 * review never changes silently — until every reviewer has submitted: the agreement is then shown, and
 * answers changed after seeing it would no longer measure blind judgement, so they stay. Answers the same as the current one are not stored again.
 */
export async function saveCalibrationAnswers(
  db: Db,
  actor: Actor,
  input: { session_id: string; answers: CalibrationAnswerInput[]; amendment_reason?: string },
): Promise<Outcome<{ saved: number; amended: number; submitted: boolean }>> {
  const who = await reviewerIn(db, actor, input.session_id);
  if (!who.ok) return who;
  const { session, me, user } = who.value;
  const calls = await db.select().from(calibrationCalls).where(eq(calibrationCalls.sessionId, session.id));
  for (const a of input.answers) {
    if (!calls.some((c) => c.qaResultId === a.qa_result_id))
      return refuse('invalid_input', `call ${a.qa_result_id} is not in this session`);
    if (!session.rules.some((r) => r.rule_id === a.rule_id))
      return refuse('invalid_input', `rule ${a.rule_id} is not in this session's rule set`);
    if (a.answer === 'fail' && !a.reason) return refuse('invalid_input', `a fail needs a short reason (rule ${a.rule_id})`);
  }
  const submitted = me.submittedAt !== null;
  // A calibration measures answers given blind: once every reviewer has submitted, the agreement is shown and answers stay.
  if (submitted && (await allSubmitted(db, session.id)))
    return refuse('conflict', 'every reviewer has submitted and the agreement is shown: the answers no longer change');
  if (submitted && !input.amendment_reason?.trim())
    return refuse('invalid_input', 'your review is submitted: a change is an amendment and needs a reason (amendment_reason)');
  const mine = new Map((await currentAnswers(db, session.id, user.id)).map((r) => [`${r.qaResultId}|${r.ruleId}`, r]));
  const changed = input.answers.filter((a) => {
    const cur = mine.get(`${a.qa_result_id}|${a.rule_id}`);
    return !cur || cur.answer !== a.answer || (cur.reason ?? '') !== (a.reason ?? '');
  });
  if (!submitted) {
    for (const a of changed)
      await db
        .insert(calibrationAnswers)
        .values({
          sessionId: session.id,
          reviewerId: user.id,
          qaResultId: a.qa_result_id,
          ruleId: a.rule_id,
          answer: a.answer,
          reason: a.reason ?? null,
          authorLabel: user.label,
        })
        .onConflictDoUpdate({
          target: [
            calibrationAnswers.sessionId,
            calibrationAnswers.reviewerId,
            calibrationAnswers.qaResultId,
            calibrationAnswers.ruleId,
            calibrationAnswers.version,
          ],
          set: { answer: a.answer, reason: a.reason ?? null, updatedAt: sql`now()` },
        });
    return done({ saved: changed.length, amended: 0, submitted: false });
  }
  if (changed.length === 0) return done({ saved: 0, amended: 0, submitted: true });
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const versions = changed.map((a) => {
      const cur = mine.get(`${a.qa_result_id}|${a.rule_id}`);
      return { a, before: cur ?? null, version: (cur?.version ?? 0) + 1 };
    });
    const stored = await t
      .insert(calibrationAnswers)
      .values(
        versions.map(({ a, version }) => ({
          sessionId: session.id,
          reviewerId: user.id,
          qaResultId: a.qa_result_id,
          ruleId: a.rule_id,
          version,
          answer: a.answer,
          reason: a.reason ?? null,
          amendmentReason: input.amendment_reason!.trim(),
          authorLabel: user.label,
        })),
      )
      .returning();
    await recordAudit(t, {
      actor,
      action: 'calibration.amend',
      args: input,
      status: 'ok',
      detail: { session_id: session.id, amended: stored.length },
      content: { reason: input.amendment_reason, amended: stored, replaced: versions.map((v) => v.before) },
    });
  });
  return done({ saved: changed.length, amended: changed.length, submitted: true });
}

/**
 * Submits a reviewer's review, once: every rule of every call must have an answer. The answers are
 * audited as submitted; from then on a change is an amendment (saveCalibrationAnswers).
 */
export async function submitCalibrationReview(
  db: Db,
  actor: Actor,
  input: { session_id: string },
): Promise<Outcome<{ submitted_at: string; answers: number; reviewers_left: number }>> {
  const who = await reviewerIn(db, actor, input.session_id);
  if (!who.ok) return who;
  const { session, me, user } = who.value;
  if (me.submittedAt) return refuse('conflict', 'you have already submitted this review; change an answer as an amendment');
  const calls = await db.select().from(calibrationCalls).where(eq(calibrationCalls.sessionId, session.id));
  const mine = await currentAnswers(db, session.id, user.id);
  const missing = calls.flatMap((c) =>
    session.rules
      .filter((r) => !mine.some((a) => a.qaResultId === c.qaResultId && a.ruleId === r.rule_id))
      .map((r) => `${c.callId} ${r.rule_id}`),
  );
  if (missing.length)
    return refuse(
      'invalid_input',
      `answer every rule of every call before submitting: ${missing.length} missing (${missing.slice(0, 5).join('; ')})`,
    );
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .update(calibrationReviewers)
      .set({ submittedAt: sql`now()` })
      .where(and(eq(calibrationReviewers.sessionId, session.id), eq(calibrationReviewers.userId, user.id)))
      .returning();
    const left = await t.select().from(calibrationReviewers).where(eq(calibrationReviewers.sessionId, session.id));
    await recordAudit(t, {
      actor,
      action: 'calibration.submit',
      args: input,
      status: 'ok',
      detail: { session_id: session.id, answers: mine.length },
      content: { answers: mine },
    });
    return done({
      submitted_at: isoOf(row!.submittedAt!),
      answers: mine.length,
      reviewers_left: left.filter((r) => !r.submittedAt).length,
    });
  });
}

/** Whether every reviewer of the session has submitted (its results are then shown). */
async function allSubmitted(db: Db, sessionId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: calibrationReviewers.userId })
    .from(calibrationReviewers)
    .where(and(eq(calibrationReviewers.sessionId, sessionId), isNull(calibrationReviewers.submittedAt)))
    .limit(1);
  return !open;
}
