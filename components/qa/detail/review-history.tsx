import { ROLE_LABELS, type Role } from '@/lib/roles';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { actionText, carriedText } from '../format';
import type { QaReviewAction } from '../types';

/** Every review action on the call, oldest first: who (and in which role), what, why, when (London time). */
export function ReviewHistory({ actions }: { actions: readonly QaReviewAction[] }) {
  if (!actions.length) return <p className="text-sm text-slate-500">No review action yet.</p>;
  return (
    <ol className="space-y-2" data-testid="review-history">
      {actions.map((a) => (
        <li key={a.id} className="border-l-2 border-slate-200 pl-3 text-sm" data-testid="review-action" data-kind={a.kind}>
          <p className="text-slate-900">
            {actionText(a)}
            {carriedText(a)}
          </p>
          {a.reason && <p className="text-xs text-slate-700">Reason: {a.reason}</p>}
          {a.comment && <p className="text-xs whitespace-pre-wrap text-slate-700">“{a.comment}”</p>}
          <p className="text-xs text-slate-500">
            {a.by} ({ROLE_LABELS[a.role as Role] ?? a.role}) ·{' '}
            <time dateTime={a.at} title={ukExact(a.at)}>
              {ukDateTime(a.at)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
