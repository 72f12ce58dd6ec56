import type { QaResultRow } from '../db/schema/index.ts';
import type { ReviewedScoreDetail, ReviewedVerdict } from '../../lib/qa-record.ts';
import type { ReviewState } from './review-state.ts';

/**
 * A call's reviewed figures (issue 28): what its review's decisions make of the AI's result. The verdicts with the
 * overrides applied, their failed counts, and the reviewed score — the score a reviewer set, or the scoring skill
 * that scored the call (provenance) called again with the reviewed verdicts in place of the AI's, so the same
 * weights and cap rules apply. Stored beside the AI's figures (qa_results.reviewed_*); the database derives the
 * figures of record from both (record_*). All null while the review has decided nothing.
 */

/** The scoring skill, as a review reaches it: `skill` (a skill:// URI) called with `args`; its envelope's `data`. */
export type ScoringSkill = (
  skill: string,
  args: Record<string, unknown>,
) => Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; message: string }>;

export interface ReviewedFigures {
  reviewedVerdicts: ReviewedVerdict[] | null;
  reviewedFailedRuleIds: string[] | null;
  reviewedFailedMandatory: number | null;
  reviewedRulesPassed: number | null;
  reviewedRulesFailed: number | null;
  reviewedScore: number | null;
  reviewedScoreDetail: ReviewedScoreDetail | null;
  reviewedFromActionId: string | null;
}

export const NO_REVIEWED_FIGURES: ReviewedFigures = {
  reviewedVerdicts: null,
  reviewedFailedRuleIds: null,
  reviewedFailedMandatory: null,
  reviewedRulesPassed: null,
  reviewedRulesFailed: null,
  reviewedScore: null,
  reviewedScoreDetail: null,
  reviewedFromActionId: null,
};

type Row = Pick<QaResultRow, 'verdicts' | 'score' | 'scoreDetail' | 'sentiment' | 'scoringInput' | 'provenance'>;
type Verdicts = ReviewedVerdict[];

/** The AI's verdicts with each current override applied. */
export function reviewedVerdictsOf(row: Pick<Row, 'verdicts'>, state: ReviewState): Verdicts {
  return row.verdicts.map((v) => {
    const d = state.decisions.get(v.rule_id);
    const verdict = d?.decision === 'override' && d.humanVerdict ? (d.humanVerdict as ReviewedVerdict['verdict']) : v.verdict;
    return { rule_id: v.rule_id, rule: v.rule, category: v.category, mandatory: v.mandatory, verdict, ai_verdict: v.verdict };
  });
}

/**
 * The scoring call for these verdicts: the call the run made (scoring_input) with its compliance verdicts' values
 * replaced — only when they are this call's verdicts, rule for rule (a skill that scored several calls together
 * cannot be rescored for one of them) — or, for results stored before the input was kept, the formula, the call's
 * sentiment and the verdicts. Null when neither is possible (why in the string).
 */
function scoringArgs(row: Row, verdicts: Verdicts): Record<string, unknown> | string {
  const input = row.scoringInput;
  const byRule = new Map(verdicts.map((v) => [v.rule_id, v.verdict]));
  if (input && Array.isArray(input.compliance_verdicts)) {
    const sent = input.compliance_verdicts as Array<Record<string, unknown>>;
    const same = sent.length === verdicts.length && sent.every((v, i) => v?.rule_id === verdicts[i]!.rule_id);
    if (!same) return 'the scoring skill scored this call together with others, so it cannot be rescored alone';
    return { ...input, compliance_verdicts: sent.map((v) => ({ ...v, verdict: byRule.get(v.rule_id as string) })) };
  }
  const formula = row.scoreDetail?.formula_id;
  if (!formula || row.sentiment?.score == null) return 'the result does not keep what the scoring skill was called with';
  return {
    formula_id: formula,
    sentiment_report: { score: row.sentiment.score, flags: row.sentiment.flags.map((f) => ({ type: f.type, severity: f.severity })) },
    compliance_verdicts: verdicts.map((v) => ({ rule_id: v.rule_id, category: v.category, mandatory: v.mandatory, verdict: v.verdict })),
  };
}

const notComputed = (skill: string | null, note: string): { score: null; detail: ReviewedScoreDetail } => ({
  score: null,
  detail: { source: 'not_computed', skill, formula_id: null, breakdown: null, cap: null, note },
});

/**
 * The reviewed score over `verdicts`. First the skill is called on the AI's own verdicts: unless that gives the
 * stored AI score, the call cannot be reproduced and no reviewed score is claimed.
 */
async function rescore(row: Row, verdicts: Verdicts, scoring: ScoringSkill) {
  const skill = row.provenance.skills.scoring;
  if (!skill) return notComputed(null, 'no scoring skill is recorded for this result');
  const ai = scoringArgs(
    row,
    verdicts.map((v) => ({ ...v, verdict: v.ai_verdict })),
  );
  const reviewed = scoringArgs(row, verdicts);
  if (typeof ai === 'string') return notComputed(skill, ai);
  if (typeof reviewed === 'string') return notComputed(skill, reviewed);
  const again = await scoring(skill, ai);
  if (!again.ok) return notComputed(skill, `the scoring skill could not be called: ${again.message}`);
  if (again.data.score !== row.score) {
    return notComputed(
      skill,
      `the scoring skill now gives ${String(again.data.score)} for the AI's own verdicts, ` +
        `not the stored ${String(row.score)}, so a rescore would not be comparable`,
    );
  }
  const out = await scoring(skill, reviewed);
  if (!out.ok) return notComputed(skill, `the scoring skill could not be called: ${out.message}`);
  if (typeof out.data.score !== 'number') return notComputed(skill, 'the scoring skill returned no score');
  const cap = out.data.cap as ReviewedScoreDetail['cap'] | undefined;
  return {
    score: out.data.score,
    detail: {
      source: 'formula' as const,
      skill,
      formula_id: typeof out.data.formula_id === 'string' ? out.data.formula_id : null,
      breakdown: (out.data.breakdown as Record<string, number> | undefined) ?? null,
      cap: cap ?? null,
      note: null,
    },
  };
}

export async function reviewedFigures(row: Row, state: ReviewState, scoring: ScoringSkill): Promise<ReviewedFigures> {
  const last = state.lastDecision;
  if (!last) return NO_REVIEWED_FIGURES;
  const verdicts = reviewedVerdictsOf(row, state);
  const failed = verdicts.filter((v) => v.verdict === 'fail');
  const changed = verdicts.some((v) => v.verdict !== v.ai_verdict);
  let score: { score: number | null; detail: ReviewedScoreDetail | null };
  if (state.humanScore !== null) {
    const reason = state.scoreDecision?.reason ?? null;
    score = {
      score: state.humanScore,
      detail: { source: 'reviewer', skill: null, formula_id: null, breakdown: null, cap: null, note: reason },
    };
  } else if (row.score === null) {
    score = { score: null, detail: null };
  } else if (!changed) {
    const detail = row.scoreDetail;
    score = {
      score: row.score,
      detail: {
        source: 'unchanged',
        skill: row.provenance.skills.scoring,
        formula_id: detail?.formula_id ?? null,
        breakdown: detail?.breakdown ?? null,
        cap: detail?.cap ?? null,
        note: null,
      },
    };
  } else {
    score = await rescore(row, verdicts, scoring);
  }
  return {
    reviewedVerdicts: verdicts,
    reviewedFailedRuleIds: failed.map((v) => v.rule_id),
    reviewedFailedMandatory: failed.filter((v) => v.mandatory).length,
    reviewedRulesPassed: verdicts.filter((v) => v.verdict === 'pass').length,
    reviewedRulesFailed: failed.length,
    reviewedScore: score.score,
    reviewedScoreDetail: score.detail,
    reviewedFromActionId: last.id,
  };
}
