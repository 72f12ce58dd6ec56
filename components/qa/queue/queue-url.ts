import { qaFilterSchema } from '@/lib/qa-filter';
import {
  DEFAULT_SORT,
  isDefaultSort,
  NATURAL_DIR,
  normalizeQaFilter,
  QA_SORTS,
  type QaFilter,
  type QaQueueQuery,
  type QaSort,
  type QaSortBy,
} from './queue-query';

/**
 * The `/qa` address holds the whole queue query, so a triage view is a link to share and the back
 * button returns to it. Keys are list_qa_results filter fields; booleans are `true`/`false`,
 * `review_status` repeats (a comma-separated value is read too), days are YYYY-MM-DD (London call
 * days). `sort`/`dir` hold the order (absent: newest calls first), `tab=agreement` the other tab.
 * A value the filter schema refuses is left out, and its key named in `ignored`.
 */
const TEXT_KEYS = ['advisor', 'team', 'product', 'rule_id', 'from', 'to', 'call_id', 'run_id'] as const;
const BOOL_KEYS = ['failed_mandatory', 'vulnerable', 'overridden', 'reanalysed_after_signoff', 'include_earlier', 'test_run'] as const;
/** The order keys are written in: stable links, whatever order the filter was built in. */
const KEY_ORDER = [
  'score_below',
  'failed_mandatory',
  'vulnerable',
  'review_status',
  'overridden',
  'reanalysed_after_signoff',
  'advisor',
  'team',
  'product',
  'rule_id',
  'from',
  'to',
  'call_id',
  'run_id',
  'include_earlier',
  'test_run',
] as const;

const BOOLEAN: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };
const shape = qaFilterSchema.shape;

function readFilter(params: URLSearchParams, ignored: string[]): QaFilter {
  const f: Record<string, unknown> = {};
  const take = (key: keyof typeof shape, raw: unknown) => {
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) f[key] = parsed.data;
    else ignored.push(key);
  };
  const score = params.get('score_below')?.trim();
  if (score) take('score_below', Number(score));
  for (const key of BOOL_KEYS) {
    const v = params.get(key)?.trim().toLowerCase();
    if (v) take(key, v in BOOLEAN ? BOOLEAN[v] : v);
  }
  for (const key of TEXT_KEYS) {
    const v = params.get(key);
    if (v !== null && v.trim() !== '') take(key, v);
  }
  const states = [
    ...new Set(
      params
        .getAll('review_status')
        .flatMap((v) => v.split(','))
        .map((s) => s.trim().toLowerCase()),
    ),
  ].filter(Boolean);
  if (states.length) take('review_status', states);
  if (typeof f.from === 'string' && typeof f.to === 'string' && f.from > f.to) {
    delete f.to;
    ignored.push('to');
  }
  return normalizeQaFilter(f as QaFilter);
}

function readSort(params: URLSearchParams, ignored: string[]): QaSort {
  const by = params.get('sort')?.trim();
  const dir = params.get('dir')?.trim();
  if (!by && !dir) return DEFAULT_SORT;
  const known = (QA_SORTS as readonly string[]).includes(by ?? '');
  if (by && !known) ignored.push('sort');
  const sortBy = known ? (by as QaSortBy) : DEFAULT_SORT.by;
  if (dir === 'asc' || dir === 'desc') return { by: sortBy, dir };
  if (dir) ignored.push('dir');
  return { by: sortBy, dir: NATURAL_DIR[sortBy] };
}

/** The queue query a query string names (unknown keys are not read). */
export function queryFromSearch(params: URLSearchParams): { query: QaQueueQuery; ignored: string[] } {
  const ignored: string[] = [];
  const filter = readFilter(params, ignored);
  const sort = readSort(params, ignored);
  const tab = params.get('tab') === 'agreement' ? 'agreement' : 'queue';
  return { query: { filter, sort, tab }, ignored };
}

/** The query string of a queue query (no leading "?"; "" for the default view), keys in a fixed order. */
export function searchOfQuery(q: QaQueueQuery): string {
  const f = normalizeQaFilter(q.filter);
  const params = new URLSearchParams();
  for (const key of KEY_ORDER) {
    const v = f[key];
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const s of v) params.append(key, s);
    else params.set(key, String(v));
  }
  if (!isDefaultSort(q.sort)) {
    params.set('sort', q.sort.by);
    params.set('dir', q.sort.dir);
  }
  if (q.tab === 'agreement') params.set('tab', 'agreement');
  return params.toString();
}

/** The `/qa` address of a queue query. */
export function qaQueueHref(q: QaQueueQuery): string {
  const search = searchOfQuery(q);
  return search ? `/qa?${search}` : '/qa';
}
