import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../audit/actor.ts';
import { recordAudit } from '../audit/log.ts';
import type { Db } from '../db/client.ts';
import { qaResults, qaReviewActions, type QaResultRow } from '../db/schema/index.ts';
import { QA_REVIEWERS } from '../../lib/roles.ts';
import type { ReviewInput } from './review-input.ts';
import { reviewState } from './review-state.ts';


export type ReviewOutcome =
  | { ok: true; status: QaResultRow['reviewStatus']; overridden: boolean; humanScore: number | null; signOffsNeeded: number; signOffs: number }
  | { ok: false; code: 'forbidden' | 'not_found' | 'conflict' | 'invalid_input'; message: string };

const no = (code: Extract<ReviewOutcome, { ok: false }>['code'], message: string): ReviewOutcome => ({ ok: false, code, message });

/**
 * Applies one review action: checks who may, that it makes sense against the AI's result and
 * the review so far, appends it, refreshes the result's review summary, and audits the action
 * with its full content — all in one transaction, with the result row locked so two reviewers
 * acting at once are serialised.
 */
export async function reviewQaResult(db: Db, actor: Actor, input: ReviewInput): Promise<ReviewOutcome> {
  if (actor.kind !== 'user') return no('forbidden', 'QA reviews are made by people signed in to the console; agents and scripts may only read them');
  if (!QA_REVIEWERS.includes(actor.role)) return no('forbidden', 'only compliance managers and admins review QA results');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(qaResults).where(eq(qaResults.id, input.qa_result_id)).for('update');
    if (!row) return no('not_found', `no QA result ${input.qa_result_id}`);
    const actions = await tx.select().from(qaReviewActions).where(eq(qaReviewActions.qaResultId, row.id)).orderBy(asc(qaReviewActions.createdAt));
    const before = reviewState(actions);
    if (before.status === 'signed_off' && input.action !== 'comment') {
      return no('conflict', 'this call review is signed off; it can only be commented on');
    }
    const base = { qaResultId: row.id, userId: actor.id, userLabel: actor.label, role: actor.role, kind: input.action };
    let values: typeof qaReviewActions.$inferInsert;
    if (input.action === 'rule') {
      const v = row.verdicts.find((x) => x.rule_id === input.rule_id);
      if (!v) return no('not_found', `rule ${input.rule_id} has no verdict in this result`);
      if (input.decision === 'override') {
        if (!input.verdict) return no('invalid_input', 'an override needs the verdict you give instead');
        if (input.verdict === v.verdict) return no('invalid_input', `the AI's verdict is already ${v.verdict}: agree instead`);
        if (!input.reason) return no('invalid_input', 'an override needs a reason');
      }
      values = {
        ...base, ruleId: v.rule_id, mandatory: v.mandatory, decision: input.decision, aiVerdict: v.verdict,
        humanVerdict: input.decision === 'override' ? input.verdict! : v.verdict, skill: row.provenance.skills.compliance, reason: input.reason ?? null,
      };
    } else if (input.action === 'score') {
      if (row.score === null) return no('invalid_input', 'this result has no AI score to judge');
      if (input.decision === 'override') {
        if (input.score === undefined) return no('invalid_input', 'an override needs the score you give instead');
        if (row.maxScore !== null && input.score > row.maxScore) return no('invalid_input', `the score is out of ${row.maxScore}`);
        if (input.score === row.score) return no('invalid_input', `the AI's score is already ${row.score}: agree instead`);
        if (!input.reason) return no('invalid_input', 'an override needs a reason');
      }
      values = {
        ...base, decision: input.decision, aiScore: row.score, humanScore: input.decision === 'override' ? input.score! : row.score,
        skill: row.provenance.skills.scoring, reason: input.reason ?? null,
      };
    } else if (input.action === 'comment') {
      values = { ...base, comment: input.comment };
    } else {
      if (before.signOffs.some((s) => s.userId === actor.id)) {
        return no('conflict', before.mandatoryOverride
          ? 'you have signed this review off already: an override of a mandatory rule needs a second reviewer to sign it off'
          : 'you have signed this review off already');
      }
      values = { ...base, comment: input.comment ?? null };
    }
    const [stored] = await tx.insert(qaReviewActions).values(values).returning();
    const after = reviewState([...actions, stored!]);
    await tx
      .update(qaResults)
      .set({ reviewStatus: after.status, overridden: after.overridden, humanScore: after.humanScore, updatedAt: sql`now()` })
      .where(eq(qaResults.id, row.id));
    await recordAudit(tx as unknown as Db, {
      actor, action: `qa_review.${input.action}`, args: input, status: 'ok',
      detail: { qa_result_id: row.id, call_id: row.callId, status: after.status }, content: { ...stored, call_id: row.callId, run_id: row.runId },
    });
    return {
      ok: true, status: after.status, overridden: after.overridden, humanScore: after.humanScore,
      signOffsNeeded: after.signOffsNeeded, signOffs: after.signOffs.length,
    };
  });
}
