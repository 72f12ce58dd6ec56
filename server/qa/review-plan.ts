import type { Actor } from '../contracts/audit-actor.ts';
import type { QaResultRow, qaReviewActions } from '../db/schema/index.ts';
import type { ReviewInput } from '../../lib/review-input.ts';
import type { ReviewState } from './review-state.ts';

/**
 * What one review action would append, checked against the AI's result and the review so far — or why it
 * cannot be taken. Pure: review.ts reads, plans, computes the figures and writes in one locked transaction.
 */
export type ReviewFailureCode = 'forbidden' | 'not_found' | 'conflict' | 'invalid_input';
export type Planned = { ok: true; values: typeof qaReviewActions.$inferInsert } | { ok: false; code: ReviewFailureCode; message: string };

const no = (code: ReviewFailureCode, message: string): Planned => ({ ok: false, code, message });

export function planReviewAction(row: QaResultRow, before: ReviewState, actor: Actor & { kind: 'user' }, input: ReviewInput): Planned {
  if (input.action === 'reanalysis') {
    if (before.status !== 'signed_off' || !row.pendingReanalysisId) {
      return no('conflict', 'this call has no analysis made after its sign-off to adopt or set aside');
    }
  } else if (before.status === 'signed_off' && input.action !== 'comment') {
    return no('conflict', 'this call review is signed off; it can only be commented on');
  }
  const base = { qaResultId: row.id, userId: actor.id, userLabel: actor.label, role: actor.role, kind: input.action };
  switch (input.action) {
    case 'rule': {
      const v = row.verdicts.find((x) => x.rule_id === input.rule_id);
      if (!v) return no('not_found', `rule ${input.rule_id} has no verdict in this result`);
      if (input.decision === 'override') {
        if (!input.verdict) return no('invalid_input', 'an override needs the verdict you give instead');
        if (input.verdict === v.verdict) return no('invalid_input', `the AI's verdict is already ${v.verdict}: agree instead`);
        if (!input.reason) return no('invalid_input', 'an override needs a reason');
      }
      const human = input.decision === 'override' ? input.verdict! : v.verdict;
      return {
        ok: true,
        values: {
          ...base,
          ruleId: v.rule_id,
          mandatory: v.mandatory,
          decision: input.decision,
          aiVerdict: v.verdict,
          humanVerdict: human,
          skill: row.provenance.skills.compliance,
          reason: input.reason ?? null,
        },
      };
    }
    case 'score': {
      if (row.score === null) return no('invalid_input', 'this result has no AI score to judge');
      if (input.decision === 'override') {
        if (input.score === undefined) return no('invalid_input', 'an override needs the score you give instead');
        if (row.maxScore !== null && input.score > row.maxScore) return no('invalid_input', `the score is out of ${row.maxScore}`);
        if (input.score === row.score) return no('invalid_input', `the AI's score is already ${row.score}: agree instead`);
        if (!input.reason) return no('invalid_input', 'an override needs a reason');
      }
      return {
        ok: true,
        values: {
          ...base,
          decision: input.decision,
          aiScore: row.score,
          humanScore: input.decision === 'override' ? input.score! : row.score,
          skill: row.provenance.skills.scoring,
          reason: input.reason ?? null,
        },
      };
    }
    case 'comment':
      return { ok: true, values: { ...base, comment: input.comment } };
    case 'sign_off':
      if (before.signOffs.some((s) => s.userId === actor.id)) {
        return no(
          'conflict',
          before.mandatoryOverride
            ? 'you have signed this review off already: an override of a mandatory rule needs a second reviewer to sign it off'
            : 'you have signed this review off already',
        );
      }
      return { ok: true, values: { ...base, comment: input.comment ?? null } };
    case 'reanalysis':
      if (input.subject_qa_result_id !== row.pendingReanalysisId) {
        return no('conflict', 'a newer analysis of this call has arrived since you looked; reload and decide on that one');
      }
      return {
        ok: true,
        values: {
          ...base,
          decision: input.decision === 'adopt' ? 'override' : 'agree',
          subjectQaResultId: row.pendingReanalysisId,
          reason: input.reason,
        },
      };
  }
}
