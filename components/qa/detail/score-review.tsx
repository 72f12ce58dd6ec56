'use client';
import { OverrideActions } from './override-actions';
import { useId, type FormEvent } from 'react';
import { Button, FIELD } from '@/components/ui/button';
import { scoreText } from '../format';
import type { ScoreDraft } from './drafts';
import { FieldError } from './field-error';
import { useReview } from './use-review';

/**
 * A reviewer's decision on the score: agree with the AI's, or override it with their own (0 to
 * the maximum) and a reason (required). The AI's score stays shown beside; the draft lives above.
 */
export function ScoreReview({
  qaResultId,
  aiScore,
  maxScore,
  agreed,
  draft,
  onDraft,
}: {
  qaResultId: string;
  aiScore: number;
  maxScore: number | null;
  agreed: boolean;
  draft: ScoreDraft;
  onDraft: (patch: Partial<ScoreDraft> | null) => void;
}) {
  const review = useReview(qaResultId);
  const ids = useId();
  const value = Number(draft.score);
  const valid = draft.score.trim() !== '' && Number.isFinite(value) && value >= 0 && (maxScore === null || value <= maxScore);
  const reason = draft.reason.trim();

  const agree = async () => {
    if (await review.send({ action: 'score', decision: 'agree' })) onDraft(null);
  };
  const override = async (e: FormEvent) => {
    e.preventDefault();
    if (await review.send({ action: 'score', decision: 'override', score: value, reason })) onDraft(null);
  };

  if (!draft.open) {
    return (
      <div className="space-y-1" data-testid="score-review">
        <div className="flex flex-wrap gap-2">
          <Button
            className="px-2 py-1 text-xs"
            onClick={() => void agree()}
            disabled={review.pending || agreed}
            aria-label="Agree with the AI score"
          >
            {agreed ? 'Score agreed' : 'Agree with score'}
          </Button>
          <Button className="px-2 py-1 text-xs" onClick={() => onDraft({ open: true })} aria-label="Override the AI score">
            Override score…
          </Button>
        </div>
        <FieldError error={review.error} />
      </div>
    );
  }
  return (
    <form
      onSubmit={(e) => void override(e)}
      aria-label="Override the score"
      data-testid="score-review"
      className="w-full max-w-sm space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2.5"
    >
      <label className="flex items-center gap-2 text-xs font-medium text-slate-700">
        Your score
        <input
          type="number"
          inputMode="decimal"
          min={0}
          max={maxScore ?? undefined}
          step="any"
          className={`${FIELD} w-24`}
          value={draft.score}
          onChange={(e) => onDraft({ score: e.target.value })}
          required
        />
        <span className="font-normal text-slate-500">
          of {scoreText(maxScore)} · the AI gave {scoreText(aiScore)}
        </span>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        Reason (required)
        <textarea
          className={`${FIELD} min-h-16 font-normal`}
          value={draft.reason}
          maxLength={2000}
          minLength={3}
          required
          onChange={(e) => onDraft({ reason: e.target.value })}
          aria-describedby={review.error ? `${ids}-error` : undefined}
        />
      </label>
      <FieldError error={review.error} id={`${ids}-error`} />
      <OverrideActions
        label="Save score override"
        pending={review.pending}
        disabled={!valid || reason.length < 3}
        onCancel={() => {
          review.clearError();
          onDraft({ open: false });
        }}
      />
    </form>
  );
}
