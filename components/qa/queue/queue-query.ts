import { QA_REVIEW_STATES, QA_SORTS, type QaFilter, type QaSort } from '@/lib/qa-filter';
import { STATUS_LABELS } from '../format';
import { orList } from '@/lib/list-words';

export { QA_REVIEW_STATES, QA_SORTS, type QaFilter, type QaSort };
export type QaReviewState = (typeof QA_REVIEW_STATES)[number];
export type QaSortBy = QaSort['by'];

/** What the QA page shows: the queue (with its filter and sort) or the agreement statistics. */
export type QaTab = 'queue' | 'agreement';

/** Everything the `/qa` address holds: the triage filter, the sort and the tab. */
export interface QaQueueQuery {
  filter: QaFilter;
  sort: QaSort;
  tab: QaTab;
}

/** The queue's default order: newest calls first (as list_qa_results sorts without one). */
export const DEFAULT_SORT: QaSort = { by: 'call_at', dir: 'desc' };

/**
 * The direction a column sorts in when it is first chosen: newest calls, lowest scores (the
 * worst first, for triage), advisors A–Z, most failed mandatory rules first.
 */
export const NATURAL_DIR: Record<QaSortBy, QaSort['dir']> = { call_at: 'desc', score: 'asc', advisor: 'asc', failed_mandatory: 'desc' };

export const isDefaultSort = (s: QaSort) => s.by === DEFAULT_SORT.by && s.dir === DEFAULT_SORT.dir;

/** Clicking a column header: the same column flips its direction; another starts in its natural one. */
export function nextSort(current: QaSort, by: QaSortBy): QaSort {
  if (current.by === by) return { by, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { by, dir: NATURAL_DIR[by] };
}

const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/**
 * The filter with blank fields dropped and a fixed key order (so two filters that ask for the
 * same calls serialise the same): no blank strings, review states in their lifecycle order.
 */
export function normalizeQaFilter(f: QaFilter): QaFilter {
  const out: QaFilter = {};
  if (f.score_below !== undefined && Number.isFinite(f.score_below)) out.score_below = f.score_below;
  if (f.failed_mandatory !== undefined) out.failed_mandatory = f.failed_mandatory;
  if (f.vulnerable !== undefined) out.vulnerable = f.vulnerable;
  const states = QA_REVIEW_STATES.filter((s) => f.review_status?.includes(s));
  if (states.length) out.review_status = states;
  if (f.overridden !== undefined) out.overridden = f.overridden;
  if (f.reanalysed_after_signoff !== undefined) out.reanalysed_after_signoff = f.reanalysed_after_signoff;
  for (const key of ['advisor', 'team', 'product', 'rule_id'] as const) {
    const v = text(f[key]);
    if (v) out[key] = v;
  }
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  for (const key of ['call_id', 'run_id'] as const) {
    const v = text(f[key]);
    if (v) out[key] = v;
  }
  if (f.include_earlier) out.include_earlier = true;
  if (f.test_run) out.test_run = true;
  return out;
}

/** `f` with `patch` applied; a field patched to undefined is cleared. */
export function patchQaFilter(f: QaFilter, patch: Partial<QaFilter>): QaFilter {
  return normalizeQaFilter({ ...f, ...patch });
}

export const sameQaFilter = (a: QaFilter, b: QaFilter) => JSON.stringify(normalizeQaFilter(a)) === JSON.stringify(normalizeQaFilter(b));
export const isEmptyQaFilter = (f: QaFilter) => Object.keys(normalizeQaFilter(f)).length === 0;

function daysText(from: string | undefined, to: string | undefined): string | null {
  if (from && to) return from === to ? `calls on ${from}` : `calls ${from} to ${to}`;
  if (from) return `calls from ${from}`;
  return to ? `calls until ${to}` : null;
}

const yesNo = (v: boolean | undefined, yes: string, no: string) => (v === undefined ? null : v ? yes : no);

/**
 * A filter in words, for a saved filter's tooltip and the save form: "score below 70 · failed a
 * mandatory rule · Unreviewed or In review · advisor Alex Wong · 1 Jul 2024 to 7 Jul 2024".
 * Days are London call days, shown as they are typed (YYYY-MM-DD).
 */
export function describeQaFilter(f: QaFilter): string {
  const n = normalizeQaFilter(f);
  const parts = [
    n.score_below !== undefined ? `score below ${n.score_below}` : null,
    yesNo(n.failed_mandatory, 'failed a mandatory rule', 'no mandatory rule failed'),
    yesNo(n.vulnerable, 'vulnerable customer', 'no vulnerability flag'),
    n.review_status ? orList(n.review_status.map((s) => STATUS_LABELS[s])) : null,
    yesNo(n.overridden, 'overridden', 'not overridden'),
    yesNo(n.reanalysed_after_signoff, 're-analysed after sign-off', 'not re-analysed after sign-off'),
    n.advisor ? `advisor ${n.advisor}` : null,
    n.team ? `team ${n.team}` : null,
    n.product ? `product ${n.product}` : null,
    n.rule_id ? `failed ${n.rule_id}` : null,
    daysText(n.from, n.to),
    n.call_id ? `call ${n.call_id}` : null,
    n.run_id ? `run ${n.run_id.slice(0, 8)}` : null,
    n.include_earlier ? 'earlier analyses too' : null,
    n.test_run ? 'test runs (kept apart from the queue)' : null,
  ];
  const out = parts.filter((p): p is string => p !== null);
  return out.length ? out.join(' · ') : 'All calls';
}
