import { count, scoreText } from '../format';
import type { QaAggregate } from '../types';

/**
 * The honest aggregate of the calls the filter matches (every page, not only those shown): the
 * mean of the per-call scores (reviewed where a reviewer decided, else the AI's) and how many scored
 * calls it is over (how many of them reviewed), how many calls match in all, and how many are on screen.
 */
export function QueueSummary({
  aggregate,
  total,
  shown,
  updating,
}: {
  aggregate: QaAggregate;
  total: number;
  shown: number;
  updating: boolean;
}) {
  const unscored = aggregate.calls - aggregate.scored;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2" data-testid="qa-summary">
      <p className="text-sm text-slate-800" aria-live="polite">
        {aggregate.mean_score === null ? (
          <span data-testid="qa-mean">No scored call matches these filters</span>
        ) : (
          <span data-testid="qa-mean" title={aggregate.what}>
            Mean score <span className="font-semibold tabular-nums">{scoreText(aggregate.mean_score)}</span>
            {' over '}
            {count(aggregate.scored, 'call')}
          </span>
        )}
        {aggregate.reviewed > 0 && (
          <span className="text-indigo-700" data-testid="qa-reviewed-count">
            {' '}
            ({aggregate.reviewed} reviewed, the rest the AI’s)
          </span>
        )}
        {unscored > 0 && <span className="text-slate-500"> ({count(unscored, 'call')} without a score)</span>}
        <span className="text-slate-500"> · </span>
        <span data-testid="qa-total">{count(total, 'call')} match</span>
      </p>
      <p className="text-xs text-slate-500">
        {shown < total ? `Showing ${shown} of ${total}` : shown > 0 ? `Showing all ${shown}` : ''}
        {updating && <span className="ml-2 text-slate-500">Updating…</span>}
      </p>
    </div>
  );
}
