import type { QaQueueItem } from '@/components/qa/types';
import type { QaSort } from '@/components/qa/queue/queue-query';
import { qaQueueHref } from '@/components/qa/queue/queue-url';

/**
 * The per-call QA table of a run that analysed several calls (a Map over recordings): the run's
 * QA results from the QA store (`qa.list` filtered by `run_id`), ordered in the browser — the
 * run's calls are one short list, so a header click needs no new request. Pure.
 */

/** Calls read for the table; a run with more is listed in full in the QA queue it links to. */
export const RUN_CALLS_LIMIT = 200;

/** The `qa.list` input for a run's calls: every call it analysed, even where a later run analysed it again. */
export function runCallsInput(runId: string) {
  const sort = { by: 'score' as const, dir: 'asc' as const };
  return { filter: { run_id: runId, include_earlier: true }, sort, limit: RUN_CALLS_LIMIT };
}

/** The QA queue filtered to the run (its link under the table). */
export function runQueueHref(runId: string): string {
  const filter = { run_id: runId, include_earlier: true };
  return qaQueueHref({ filter, sort: { by: 'score', dir: 'asc' }, tab: 'queue' });
}

/** The query string a call's detail page keeps for "Back to the queue" (the queue of this run). */
export function runQueueSearch(runId: string): string {
  return runQueueHref(runId).replace(/^\/qa\??/, '');
}

const byText = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '', 'en-GB', { sensitivity: 'base' });
/** Nulls (no score, no date) sort last in either direction. */
function byNullable<T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number, dir: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return cmp(a, b) * dir;
}

/**
 * The rows in the chosen order: by score, call time, advisor or failed mandatory rules, ties
 * broken by the call id so the order is stable. Calls without a score (or date) come last.
 */
export function sortRunCalls(items: readonly QaQueueItem[], sort: QaSort): QaQueueItem[] {
  const dir = sort.dir === 'asc' ? 1 : -1;
  const cmp = (a: QaQueueItem, b: QaQueueItem): number => {
    switch (sort.by) {
      case 'score':
        return byNullable(a.score, b.score, (x, y) => x - y, dir);
      case 'call_at':
        return byNullable(a.call_at, b.call_at, (x, y) => Date.parse(x) - Date.parse(y), dir);
      case 'advisor':
        return byText(a.advisor, b.advisor) * dir;
      case 'failed_mandatory':
        return (a.failed_mandatory - b.failed_mandatory) * dir;
    }
  };
  return [...items].sort((a, b) => cmp(a, b) || a.call_id.localeCompare(b.call_id, 'en', { numeric: true }));
}

/**
 * Whether the run's results are all stored: the consolidation job stores a finished run's calls
 * a few seconds after it ends, so the table asks again until it holds as many calls as the run's
 * output scored (`expected`), or at least one.
 */
export function runCallsComplete(stored: number | null, expected: number): boolean {
  return stored !== null && stored >= Math.max(1, expected);
}
