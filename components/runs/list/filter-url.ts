import { runListFilterSchema, type RunListFilter } from '@/lib/run-list';
import { normalizeFilter } from './run-filter';

/**
 * The run list keeps its filter in the URL, so a filtered list is a link to share (the catalog
 * links here with `?workflow_id=&version=`). Keys are the list_workflow_runs filter fields;
 * `status` repeats (`status=FAILED&status=TIMED_OUT`; a comma-separated value is read too).
 */
const SINGLE_KEYS = ['workflow_id', 'version', 'started_after', 'started_before', 'advisor'] as const;

/** The filter a query string names. A value the filter schema refuses is left out and its key named in `ignored`. */
export function filterFromSearch(params: URLSearchParams): { filter: RunListFilter; ignored: string[] } {
  const candidate: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const key of SINGLE_KEYS) {
    const value = params.get(key);
    if (value === null || value.trim() === '') continue;
    const parsed = runListFilterSchema.shape[key].safeParse(value);
    if (parsed.success) candidate[key] = parsed.data;
    else ignored.push(key);
  }
  const statuses = [
    ...new Set(
      params
        .getAll('status')
        .flatMap((v) => v.split(','))
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (statuses.length) {
    const parsed = runListFilterSchema.shape.status.safeParse(statuses);
    if (parsed.success) candidate.status = parsed.data;
    else ignored.push('status');
  }
  return { filter: normalizeFilter(candidate as RunListFilter), ignored };
}

/** The query string of a filter (no leading "?"; "" for no filter), keys in a fixed order. */
export function searchOfFilter(filter: RunListFilter): string {
  const f = normalizeFilter(filter);
  const params = new URLSearchParams();
  for (const key of SINGLE_KEYS) {
    const value = f[key];
    if (value !== undefined) params.set(key, value);
  }
  for (const s of f.status ?? []) params.append('status', s);
  return params.toString();
}

/** The run list showing `filter`. */
export function runListHref(filter: RunListFilter): string {
  const search = searchOfFilter(filter);
  return search ? `/runs?${search}` : '/runs';
}
