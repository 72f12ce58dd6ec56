import { thinCell } from '../thin-figures.ts';
import { queueParamsToSearch } from '../../../qa/filter-params.ts';
import type { QaFilter } from '../../../../lib/qa-filter.ts';

/**
 * Links the Planner puts in its answers, as console paths (the chat renders Markdown links): the
 * QA queue with a filter (server/qa/filter-params.ts, the `/qa` page's own URL), one call's review.
 */
export function queueLink(filter: QaFilter, label = 'open them in the QA queue'): string {
  const q = queueParamsToSearch(filter).toString();
  return `[${label}](/qa${q ? `?${q}` : ''})`;
}

export const reviewLink = (qaResultId: string, label: string) => `[${label}](/qa/${encodeURIComponent(qaResultId)})`;

/** A score as people read it: "71.3/100", or "not scored". */
export function scoreOf(score: number | null | undefined, max: number | null | undefined = 100): string {
  if (score === null || score === undefined) return 'not scored';
  return `${Math.round(score * 10) / 10}/${max ?? 100}`;
}

/** A mean QA score in a table cell, marked thin when it stands on fewer than MIN_SAMPLE scored calls (../thin-figures.ts). */
export function meanCell(mean: number | null | undefined, scored: number): string {
  return mean === null || mean === undefined ? scoreOf(null) : thinCell(scoreOf(mean), scored);
}
