import type { Guidelines } from '../../../delegation/guidelines.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { asConfidence, probabilityBelow } from './beta.ts';
import { UNKNOWN_SPECIALIZATION, type TaskRecord } from './outcomes.ts';

/**
 * Rule 5 of the Strategist (./README.md): the ratings other agents gave a Companion's contributions
 * through evaluate_contribution (1–5 on clarity, relevance, completeness, actionability), read with
 * compare_models (server/collaboration/figures.ts). A Companion can finish every task and still
 * hand back work nobody can use: task outcomes do not show that, its evaluations do.
 *
 * Each rated evaluation is one vote: good when its mean rating is at least the scale's midpoint,
 * poor below it. With ≥ RATING_RULE.minEvaluations rated evaluations, P(its rate of good
 * evaluations < 0.5) from Beta(1 + good, 1 + poor) at the threshold gives the warning
 * `companion_rated_low` (to three decimals: 3 poor of 3 gives 1 − 0.5⁴ = 0.937; 3 poor of 4,
 * 0.813; 2 poor of 3, 0.687 — no warning).
 */
export const RATING_RULE = { minEvaluations: 3, threshold: 0.8 } as const;

/** A Companion's evaluations as compare_models reports them. */
export interface CompanionRatings {
  rated: number;
  below_midpoint: number;
  /** The mean of every rating it was given (null without any). */
  mean_rating: number | null;
}

/** The ratings per agent in a compare_models result (`models[].figures`); agents without figures are left out. */
export function ratingsOf(result: Record<string, unknown> | null | undefined): Map<string, CompanionRatings> {
  const out = new Map<string, CompanionRatings>();
  const models = Array.isArray(result?.models) ? result.models : [];
  for (const m of models) {
    if (!isRecord(m) || typeof m.model_id !== 'string' || !isRecord(m.figures)) continue;
    const e = m.figures.evaluations;
    const overall = m.figures.overall_rating;
    if (!isRecord(e) || typeof e.rated !== 'number' || typeof e.below_midpoint !== 'number') continue;
    const mean = isRecord(overall) && typeof overall.mean === 'number' ? Math.round(overall.mean * 100) / 100 : null;
    out.set(m.model_id, { rated: e.rated, below_midpoint: e.below_midpoint, mean_rating: mean });
  }
  return out;
}

export interface RatingWarning {
  kind: 'warning';
  warning: { type: 'companion_rated_low'; companion_id: string; specialization: string };
  confidence: number;
  reason: string;
  evidence: Record<string, unknown>;
}

/** Rule 5 over the session's Companions (dismissed ones and those already warned about are skipped). */
export function ratingWarnings(
  tasks: TaskRecord[],
  ratings: ReadonlyMap<string, CompanionRatings>,
  g: Guidelines,
  dismissed: ReadonlySet<string>,
  notes: string[],
): RatingWarning[] {
  const out: RatingWarning[] = [];
  for (const companion of [...new Set(tasks.map((t) => t.companion_id))].sort()) {
    const r = ratings.get(companion);
    if (!r || r.below_midpoint === 0 || dismissed.has(companion)) continue;
    const good = r.rated - r.below_midpoint;
    if (r.rated < RATING_RULE.minEvaluations) {
      notes.push(
        `Companion ${companion}: ${r.below_midpoint} of ${r.rated} evaluations rated its work below 3 of 5; ` +
          `a warning needs ${RATING_RULE.minEvaluations} or more evaluations.`,
      );
      continue;
    }
    const confidence = asConfidence(probabilityBelow({ successes: good, failures: r.below_midpoint }, 0.5));
    const rated =
      `${r.below_midpoint} of its ${r.rated} evaluations rated its work below 3 of 5` +
      (r.mean_rating === null ? '' : ` (mean rating ${r.mean_rating})`);
    if (confidence < RATING_RULE.threshold) {
      notes.push(
        `Companion ${companion}: ${rated}; P(most of its work is rated poorly) = ${confidence}, ` + `below ${RATING_RULE.threshold}.`,
      );
      continue;
    }
    if (g.warnings.some((w) => w.type === 'companion_rated_low' && w.companion_id === companion)) {
      notes.push(`Companion ${companion}: the guidelines already warn that its work is rated low.`);
      continue;
    }
    const specialization = tasks.find((t) => t.companion_id === companion)?.specialization ?? UNKNOWN_SPECIALIZATION;
    out.push({
      kind: 'warning',
      warning: { type: 'companion_rated_low', companion_id: companion, specialization },
      confidence,
      reason:
        `Companion ${companion} (${specialization}): ${rated}; ` +
        `P(most of its work is rated poorly) = ${confidence}. ` +
        'Check its results before using them, or give its work to another Companion.',
      evidence: {
        companion_id: companion,
        specialization,
        evaluations: r.rated,
        below_midpoint: r.below_midpoint,
        mean_rating: r.mean_rating,
        session_tasks: tasks.filter((t) => t.companion_id === companion).length,
      },
    });
  }
  return out;
}
