'use client';
import { useId, useState } from 'react';
import { Button, FIELD } from '@/components/ui/button';
import { FieldError } from './field-error';
import { useReview } from './use-review';

/**
 * The call review's closing actions on one comment box: "Sign off" (the comment goes with it, if
 * any) and "Add comment" (allowed at any time, even after sign-off). `signOff` is null once the
 * review is signed off; `blocked` says why this reviewer cannot sign now. The server decides
 * regardless: its refusal shows under the box, and the comment stays until an action is saved.
 */
export function ReviewActions({
  qaResultId,
  comment,
  onComment,
  signOff,
}: {
  qaResultId: string;
  comment: string;
  onComment: (c: string) => void;
  signOff: { blocked: string | null; second: boolean } | null;
}) {
  const review = useReview(qaResultId);
  const ids = useId();
  const [sending, setSending] = useState<'sign_off' | 'comment' | null>(null);
  const text = comment.trim();
  const act = async (kind: 'sign_off' | 'comment') => {
    setSending(kind);
    const ok = await review.send(
      kind === 'comment' ? { action: 'comment', comment: text } : { action: 'sign_off', ...(text ? { comment: text } : {}) },
    );
    setSending(null);
    if (ok) onComment('');
  };
  return (
    <form onSubmit={(e) => e.preventDefault()} aria-label="Sign off or comment" className="space-y-2" data-testid="review-actions">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {signOff ? 'Comment (optional when signing off)' : 'Comment'}
        <textarea
          className={`${FIELD} min-h-16 font-normal`}
          value={comment}
          maxLength={4000}
          onChange={(e) => onComment(e.target.value)}
          aria-describedby={signOff?.blocked ? `${ids}-blocked` : undefined}
        />
      </label>
      {signOff?.blocked && (
        <p id={`${ids}-blocked`} className="text-xs text-slate-600" data-testid="sign-off-blocked">
          {signOff.blocked}
        </p>
      )}
      <FieldError error={review.error} />
      <div className="flex flex-wrap gap-2">
        {signOff && (
          <Button variant="primary" onClick={() => void act('sign_off')} disabled={review.pending || !!signOff.blocked}>
            {sending === 'sign_off' ? 'Signing off…' : signOff.second && !signOff.blocked ? 'Sign off as second reviewer' : 'Sign off'}
          </Button>
        )}
        <Button onClick={() => void act('comment')} disabled={review.pending || !text}>
          {sending === 'comment' ? 'Adding…' : 'Add comment'}
        </Button>
      </div>
    </form>
  );
}
