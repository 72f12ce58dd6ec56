import type { QaReviewStatus } from '../../lib/qa-record.ts';
import { instantMicros } from '../db/rows.ts';
import type { QaReviewActionRow } from '../db/schema/index.ts';

/**
 * What a call's review actions add up to. The current decision on a rule (or the score) is its
 * newest action. Sign-offs count only after the last decision (changing a decision voids earlier
 * sign-offs). An override of a mandatory rule needs two sign-offs by different people (four eyes).
 */
export interface ReviewState {
  status: QaReviewStatus;
  overridden: boolean;
  humanScore: number | null;
  mandatoryOverride: boolean;
  decisions: Map<string, QaReviewActionRow>;
  scoreDecision: QaReviewActionRow | null;
  /** The newest decision on a rule or the score: what the reviewed figures reflect. */
  lastDecision: QaReviewActionRow | null;
  signOffs: QaReviewActionRow[];
  signOffsNeeded: number;
}

export function reviewState(actions: QaReviewActionRow[]): ReviewState {
  // By instant (not text: see instantMicros); a record's actions are written strictly after one another (review.ts).
  const at = new Map(actions.map((a) => [a, instantMicros(a.createdAt)]));
  const ordered = [...actions].sort((a, b) => at.get(a)! - at.get(b)!);
  const decisions = new Map<string, QaReviewActionRow>();
  let scoreDecision: QaReviewActionRow | null = null;
  let lastDecision: QaReviewActionRow | null = null;
  for (const a of ordered) {
    if (a.kind === 'rule' && a.ruleId) decisions.set(a.ruleId, a);
    if (a.kind === 'score') scoreDecision = a;
    if (a.kind === 'rule' || a.kind === 'score') lastDecision = a;
  }
  const overrides = [...decisions.values()].filter((d) => d.decision === 'override');
  const mandatoryOverride = overrides.some((d) => d.mandatory);
  const scoreOverridden = scoreDecision?.decision === 'override';
  const signOffs: QaReviewActionRow[] = [];
  for (const a of ordered) {
    if (a.kind === 'sign_off' && (!lastDecision || at.get(a)! > at.get(lastDecision)!) && !signOffs.some((s) => s.userId === a.userId))
      signOffs.push(a);
  }
  const signOffsNeeded = mandatoryOverride ? 2 : 1;
  const status: QaReviewStatus =
    signOffs.length >= signOffsNeeded
      ? 'signed_off'
      : signOffs.length > 0
        ? 'awaiting_second_signoff'
        : ordered.length > 0
          ? 'in_review'
          : 'unreviewed';
  return {
    status,
    overridden: overrides.length > 0 || scoreOverridden,
    humanScore: scoreOverridden ? (scoreDecision!.humanScore ?? null) : null,
    mandatoryOverride,
    decisions,
    scoreDecision,
    lastDecision,
    signOffs,
    signOffsNeeded,
  };
}
