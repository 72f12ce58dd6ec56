import { QA_REVIEW_STATES, QA_SORTS, qaFilterSchema, qaSortSchema, type QaFilter, type QaSort } from '../../lib/qa-filter.ts';

/**
 * The QA queue's filter and sort in a URL query string, both ways (pure; the export routes and
 * the `/qa` page share it). Each filter field is one parameter of the same name:
 *
 *   score_below=60  failed_mandatory=true  vulnerable=false  review_status=unreviewed,in_review
 *   overridden=true reanalysed_after_signoff=true  advisor=Alex%20Wong  team=…  product=…  rule_id=FCA-DISC-02
 *   from=2024-07-01 to=2024-07-07          call_id=REC-88310  run_id=…  include_earlier=true  test_run=true
 *   sort=score      dir=asc                (the queue's order; default call_at desc)
 *
 * The conventions are the `/qa` page's (components/qa/queue/queue-url.ts), so its query string
 * can be passed on as is: booleans are `true`/`false` (`yes`/`no`, `1`/`0` read too);
 * `review_status` is comma-separated or repeated; `sort` without `dir` sorts in the column's
 * natural direction; `tab` (page state) is ignored. An empty value (`advisor=`, as an empty form
 * field sends) means the field is not set. Parsing is strict: an unknown parameter, a repeated one,
 * or a value `qaFilterSchema` rejects is an error naming the parameter, unless `unknown: 'ignore'`
 * is asked for (a page URL that carries other state).
 */
export type QueueParams = { filter: QaFilter; sort: QaSort };
export type ParamsResult = ({ ok: true } & QueueParams) | { ok: false; param: string; message: string };

const BOOLEAN_FIELDS = ['failed_mandatory', 'vulnerable', 'overridden', 'reanalysed_after_signoff', 'include_earlier', 'test_run'];
const BOOLEAN: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };
/** Page state that may ride along in a `/qa` query string: accepted, not read. */
const PAGE_STATE = ['tab'];
/** The direction a sort column takes when `dir` is not given: newest calls, lowest scores, advisors A–Z, most failures. */
export const NATURAL_SORT_DIR: Record<QaSort['by'], QaSort['dir']> = {
  call_at: 'desc',
  score: 'asc',
  advisor: 'asc',
  failed_mandatory: 'desc',
};
/** Every parameter this module reads or writes, in the order `queueParamsToSearch` writes them. */
export const QUEUE_PARAM_NAMES = [
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
  'sort',
  'dir',
] as const;

const NUMBER = /^\d+(\.\d+)?$/;
const DEFAULT_SORT: QaSort = { by: 'call_at', dir: 'desc' };

type Raw = Record<string, unknown>;
const fail = (param: string, message: string): ParamsResult => ({ ok: false, param, message: `${param}: ${message}` });

/** One parameter's raw value into the filter field's type, or an error message. */
function convert(name: string, value: string): { value: unknown } | { error: string } {
  if (name === 'score_below') return NUMBER.test(value) ? { value: Number(value) } : { error: 'must be a number, e.g. 60' };
  if (BOOLEAN_FIELDS.includes(name)) {
    const b = BOOLEAN[value.trim().toLowerCase()];
    return b === undefined ? { error: 'must be true or false' } : { value: b };
  }
  if (name === 'review_status') {
    const states = value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const bad = states.find((s) => !(QA_REVIEW_STATES as readonly string[]).includes(s));
    return bad ? { error: `unknown review state "${bad}" (one of ${QA_REVIEW_STATES.join(', ')})` } : { value: states };
  }
  return { value };
}

/** The filter and sort a query string holds; `{ ok: false, param }` names the first bad parameter. */
export function queueParamsFromSearch(search: URLSearchParams, opts: { unknown?: 'reject' | 'ignore' } = {}): ParamsResult {
  const raw: Raw = {};
  const sort: Raw = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name).filter((v) => v.trim() !== '');
    if (PAGE_STATE.includes(name)) continue;
    if (!(QUEUE_PARAM_NAMES as readonly string[]).includes(name)) {
      if (opts.unknown === 'ignore') continue;
      return fail(name, `unknown parameter (one of ${QUEUE_PARAM_NAMES.join(', ')})`);
    }
    if (!values.length) continue;
    if (values.length > 1 && name !== 'review_status') return fail(name, 'given more than once');
    const joined = values.join(',');
    if (name === 'sort' || name === 'dir') {
      sort[name === 'sort' ? 'by' : 'dir'] = joined.trim();
      continue;
    }
    const converted = convert(name, joined);
    if ('error' in converted) return fail(name, converted.error);
    raw[name] = converted.value;
  }
  if (Array.isArray(raw.review_status)) raw.review_status = [...new Set(raw.review_status)];
  const f = qaFilterSchema.safeParse(raw);
  if (!f.success) {
    const issue = f.error.issues[0]!;
    return fail(String(issue.path[0] ?? 'filter'), issue.message);
  }
  const s = qaSortSchema.safeParse(sort);
  if (!s.success) {
    const param = s.error.issues[0]!.path[0] === 'by' ? 'sort' : 'dir';
    return fail(param, param === 'sort' ? `must be one of ${QA_SORTS.join(', ')}` : 'must be asc or desc');
  }
  const dir = sort.dir === undefined ? NATURAL_SORT_DIR[s.data.by] : s.data.dir;
  return { ok: true, filter: f.data, sort: { by: s.data.by, dir } };
}

/**
 * The query string for a filter and sort: only the fields that are set, in a fixed order, and
 * no sort parameters for the default order. `queueParamsFromSearch` reads it back to the same values.
 */
export function queueParamsToSearch(filter: QaFilter, sort: QaSort = DEFAULT_SORT): URLSearchParams {
  const out = new URLSearchParams();
  const f = filter as Raw;
  for (const name of QUEUE_PARAM_NAMES) {
    if (name === 'sort' || name === 'dir') continue;
    const v = f[name];
    if (v === undefined) continue;
    out.set(name, Array.isArray(v) ? v.join(',') : String(v));
  }
  if (sort.by !== DEFAULT_SORT.by || sort.dir !== DEFAULT_SORT.dir) {
    out.set('sort', sort.by);
    out.set('dir', sort.dir);
  }
  return out;
}
