import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults, qaReviewActions, type QaResultRow, type QaReviewActionRow } from '../db/schema/index.ts';
import type { CarryNote } from '../../lib/qa-record.ts';
import { reviewState } from './review-state.ts';

/**
 * Carries a review from one analysis of a call to a later one (issue 28): the current decision on each rule, the
 * score decision and the comments — never a sign-off, so the later analysis is signed off again. A rule decision
 * goes across only where the rule and its evidence are unchanged (same rule id, same AI verdict, same quote); the
 * score decision only where the AI's score is unchanged. What is not carried is noted with the reason, on the
 * later analysis (`carry_notes`), for the reviewer to decide again. Carried actions keep who decided, when and why,
 * and name the action they came from. The later analysis's reviewed figures are then stale: the caller computes
 * them outside the transaction (figures.ts), and consolidation does it for any left stale by a crash.
 */
type Tx = Db;

function ruleNote(from: QaResultRow, to: QaResultRow, a: QaReviewActionRow): string | null {
  const was = from.verdicts.find((v) => v.rule_id === a.ruleId);
  const now = to.verdicts.find((v) => v.rule_id === a.ruleId);
  if (!now) return 'the new analysis has no verdict on this rule';
  if (was && now.verdict !== was.verdict) return `the AI's verdict changed (${was.verdict} → ${now.verdict})`;
  if (was && (now.quote ?? null) !== (was.quote ?? null)) return 'the evidence quoted for this rule changed';
  return null;
}

export async function carryReview(tx: Tx, from: QaResultRow, to: QaResultRow): Promise<{ carried: number; notes: CarryNote[] }> {
  const actions = await tx
    .select()
    .from(qaReviewActions)
    .where(eq(qaReviewActions.qaResultId, from.id))
    .orderBy(asc(qaReviewActions.createdAt));
  const state = reviewState(actions);
  const decisions = [...state.decisions.values(), ...(state.scoreDecision ? [state.scoreDecision] : [])];
  const comments = actions.filter((a) => a.kind === 'comment');
  const notes: CarryNote[] = [];
  const carry: QaReviewActionRow[] = [];
  for (const a of [...decisions, ...comments]) {
    const why =
      a.kind === 'rule'
        ? ruleNote(from, to, a)
        : a.kind === 'score' && to.score !== from.score
          ? `the AI's score changed (${from.score} → ${to.score})`
          : null;
    notes.push({
      from_qa_result_id: from.id,
      action_id: a.id,
      kind: a.kind as CarryNote['kind'],
      rule_id: a.ruleId,
      by: a.userLabel,
      carried: why === null,
      why,
    });
    if (why === null) carry.push(a);
  }
  if (carry.length) {
    await tx.insert(qaReviewActions).values(
      carry.map(({ id, qaResultId: _q, ...a }) => ({
        ...a,
        qaResultId: to.id,
        carriedFrom: id,
        // The AI's values the decision judged are the new analysis's (the same, or the action would not be carried).
        ...(a.kind === 'score' ? { aiScore: to.score } : {}),
      })),
    );
  }
  const after = reviewState(await tx.select().from(qaReviewActions).where(eq(qaReviewActions.qaResultId, to.id)));
  await tx
    .update(qaResults)
    .set({
      reviewStatus: after.status,
      overridden: after.overridden,
      humanScore: after.humanScore,
      carryNotes: notes.length ? notes : null,
      reviewedStale: after.lastDecision !== null,
      updatedAt: sql`now()`,
    })
    .where(eq(qaResults.id, to.id));
  return { carried: carry.length, notes };
}
