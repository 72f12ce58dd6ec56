'use client';
import { ukDateTime } from '@/lib/uk-time';
import { capSentence, categoryText, scoreText, scoreTone, TONE_TEXT } from '../format';
import type { QaDetailView } from '../types';
import type { ScoreDraft } from './drafts';
import { ScoreReview } from './score-review';

const barWidth = (points: number, max: number | null) => `${Math.max(0, Math.min(100, (points / (max || 100)) * 100))}%`;

/**
 * The AI's score, big, with its breakdown and — when a failed category capped it — the cap in one
 * plain sentence. Where a review decided, the reviewed score (the call's score of record, which the
 * queue, the dashboard and the exports count) shows first, with where it came from: the scoring
 * skill's formula over the reviewed verdicts, or the reviewer. The AI's never goes.
 * Reviewers get the score's agree/override controls (`review`).
 */
function reviewedFrom(d: QaDetailView['reviewed_score_detail']): string {
  if (!d) return '';
  if (d.source === 'reviewer') return 'set by the reviewer';
  if (d.source === 'unchanged') return 'no verdict changed: the AI score stands';
  const parts = Object.entries(d.breakdown ?? {})
    .map(([c, p]) => `${categoryText(c)} ${scoreText(p)}`)
    .join(', ');
  const cap = d.cap ? `, capped at ${scoreText(d.cap.value)}` : '';
  return `recomputed by ${d.skill ?? 'the scoring skill'} over the reviewed verdicts (${parts}${cap})`;
}
export function ScoreCard({
  qa,
  review,
}: {
  qa: QaDetailView;
  review: { locked: boolean; draft: ScoreDraft; onDraft: (patch: Partial<ScoreDraft> | null) => void } | null;
}) {
  const detail = qa.score_detail;
  const cap = capSentence(detail);
  const decision = qa.review.score;
  const reviewed = qa.score_source === 'review';
  const notComputed = qa.reviewed_score_detail?.source === 'not_computed' ? qa.reviewed_score_detail : null;
  const max = qa.max_score;
  const parts = Object.entries(detail?.breakdown ?? {});
  return (
    <section aria-label="Score" className="space-y-3" data-testid="score-card">
      <div className="flex flex-wrap items-end gap-x-8 gap-y-2">
        {reviewed && (
          <div data-testid="reviewed-score">
            <p className="text-xs font-medium tracking-wide text-indigo-700 uppercase">Reviewed score</p>
            <p className="text-5xl leading-none font-semibold text-indigo-700 tabular-nums">
              {scoreText(qa.score)}
              {max !== null && <span className="text-xl font-normal text-indigo-300">/{scoreText(max)}</span>}
            </p>
          </div>
        )}
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">AI score</p>
          <p
            className={`${reviewed ? 'text-3xl' : 'text-5xl'} leading-none font-semibold tabular-nums ${TONE_TEXT[scoreTone(qa.ai_score, max)]}`}
            data-testid="ai-score"
          >
            {scoreText(qa.ai_score)}
            {max !== null && <span className="text-xl font-normal text-slate-500">/{scoreText(max)}</span>}
          </p>
        </div>
      </div>
      {reviewed && (
        <p className="text-xs text-indigo-800" data-testid="reviewed-score-from">
          The queue, the dashboard and the exports count the reviewed score: {reviewedFrom(qa.reviewed_score_detail)}.
        </p>
      )}
      {notComputed && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="reviewed-score-missing">
          No reviewed score: {notComputed.note}. The AI score stands as the call’s score.
        </p>
      )}
      {reviewed && (parts.length > 0 || cap) && (
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">How the AI scored it</p>
      )}
      {cap && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="score-cap">
          {cap}
        </p>
      )}
      {parts.length > 0 && (
        <div>
          <p className="mb-1 text-xs font-medium text-slate-600">
            Breakdown{detail?.formula_id && <span className="font-normal text-slate-500"> · formula {detail.formula_id}</span>}
          </p>
          <dl className="grid max-w-sm grid-cols-[7rem_1fr_4rem] items-center gap-x-3 gap-y-1 text-xs">
            {parts.map(([component, points]) => (
              <div key={component} className="contents">
                <dt className="text-slate-700 capitalize">{categoryText(component)}</dt>
                <dd aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-indigo-500" style={{ width: barWidth(points, max) }} />
                </dd>
                <dd className="text-right font-medium text-slate-900 tabular-nums">{scoreText(points)} pts</dd>
              </div>
            ))}
            <div className="contents">
              <dt className="font-medium text-slate-700">Parts add up to</dt>
              <dd aria-hidden />
              <dd className="text-right font-semibold text-slate-900 tabular-nums">{scoreText(detail?.breakdown_total)}</dd>
            </div>
          </dl>
        </div>
      )}
      {decision && (
        <p className="text-xs text-slate-700" data-testid="score-decision">
          Reviewer {decision.decision === 'override' ? `overrode the score to ${scoreText(decision.score)}` : 'agrees with the AI score'}
          {' — '}
          {decision.by}, <time dateTime={decision.at}>{ukDateTime(decision.at)}</time>
          {decision.reason && <span className="block text-slate-600">Reason: {decision.reason}</span>}
        </p>
      )}
      {review && !review.locked && qa.score !== null && (
        <ScoreReview
          qaResultId={qa.qa_result_id}
          aiScore={qa.ai_score!}
          maxScore={max}
          agreed={decision?.decision === 'agree'}
          draft={review.draft}
          onDraft={review.onDraft}
        />
      )}
    </section>
  );
}
