'use client';
import { Badge } from '@/components/ui/badge';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { statusLabel, statusTone } from '../format';
import type { QaReviewView } from '../types';
import type { DraftStore } from './drafts';
import { ReviewActions } from './review-actions';

/** Why `me` cannot sign off now, or null. */
function signOffBlock(review: QaReviewView, me: string): string | null {
  if (review.status === 'signed_off') return null;
  if (review.sign_offs.some((s) => s.by === me)) {
    return review.mandatory_override
      ? 'You have signed off. Another compliance manager or admin must give the second sign-off.'
      : 'You have signed off already.';
  }
  return null;
}

/**
 * Where the call review stands: status, sign-offs so far of those needed, the four-eyes rule when
 * a mandatory rule is overridden (and who signed first), then — for reviewers — Sign off and
 * Comment. Changing a decision after a sign-off voids it (server/qa/review-state.ts): said here.
 */
export function ReviewPanel({
  qaResultId,
  review,
  me,
  drafts,
}: {
  qaResultId: string;
  review: QaReviewView;
  me: string;
  drafts: DraftStore | null;
}) {
  const signed = review.status === 'signed_off';
  const first = review.sign_offs[0];
  return (
    <div className="space-y-3 text-sm" data-testid="review-panel">
      <p className="flex flex-wrap items-center gap-2">
        <span data-testid="review-status" data-status={review.status}>
          <Badge tone={statusTone(review.status)}>{statusLabel(review.status)}</Badge>
        </span>
        <span className="text-xs text-slate-600" data-testid="sign-off-count">
          {review.sign_offs.length} of {review.sign_offs_needed} sign-off{review.sign_offs_needed === 1 ? '' : 's'}
        </span>
      </p>
      {review.mandatory_override && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="four-eyes">
          A mandatory rule is overridden: two different reviewers must sign this review off (four eyes).
          {first && !signed && (
            <>
              {' '}
              Signed first by <span className="font-medium">{first.by}</span> — waiting for a second reviewer.
            </>
          )}
        </p>
      )}
      {review.sign_offs.length > 0 && (
        <ul className="space-y-0.5 text-xs text-slate-700" aria-label="Sign-offs">
          {review.sign_offs.map((s) => (
            <li key={`${s.by}-${s.at}`}>
              Signed off by <span className="font-medium">{s.by}</span>
              {s.by === me ? ' (you)' : ''},{' '}
              <time dateTime={s.at} title={ukExact(s.at)}>
                {ukDateTime(s.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {!drafts && (
        <p className="text-xs text-slate-500" data-testid="review-read-only">
          Compliance managers and admins review calls; you can read the review.
        </p>
      )}
      {drafts && !signed && review.sign_offs.length > 0 && (
        <p className="text-xs text-slate-500">Changing a decision after a sign-off voids the sign-offs so far.</p>
      )}
      {drafts && signed && <p className="text-xs text-slate-600">Signed off: decisions are closed. You can still comment.</p>}
      {drafts && (
        <ReviewActions
          qaResultId={qaResultId}
          comment={drafts.drafts.comment}
          onComment={drafts.setComment}
          signOff={signed ? null : { blocked: signOffBlock(review, me), second: review.mandatory_override && review.sign_offs.length > 0 }}
        />
      )}
    </div>
  );
}
