import { dashboardFilterSchema, operationsFilterSchema, type DashboardFilter } from '@/server/contracts/dashboard-schemas';

/**
 * The `/dashboard` address holds the whole view, so a board pack's figures are a link to share and
 * the print view (`/dashboard/print`) takes the same query string. Keys are the dashboard filter's
 * fields (`from`, `to` as YYYY-MM-DD London call days; `team`, `advisor`, `product`) and `days`,
 * the Operations window (runs that finished in the last N days; 30 when absent). A value the
 * schemas refuse is left out and its key named in `ignored`, as the QA queue's address does.
 */
export interface DashboardQuery {
  filter: DashboardFilter;
  /** Operations: runs that finished in the last `days` days (the console's clock). */
  days: number;
}

export const DEFAULT_DAYS = 30;
/** The Operations windows the page offers (any 1…366 from a link is kept). */
export const DAYS_CHOICES = [7, 30, 90] as const;

/** The order keys are written in: stable links whatever order the filter was built in. */
const KEYS = ['from', 'to', 'team', 'advisor', 'product'] as const;
const shape = dashboardFilterSchema.shape;

/** The filter without blank fields, keys in a fixed order (two filters asking the same serialise the same). */
export function normalizeDashboardFilter(f: DashboardFilter): DashboardFilter {
  const out: DashboardFilter = {};
  for (const key of KEYS) {
    const v = f[key]?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/** The query a query string names (unknown keys are not read). */
export function dashboardQueryFromSearch(params: URLSearchParams): { query: DashboardQuery; ignored: string[] } {
  const ignored: string[] = [];
  const filter: DashboardFilter = {};
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data;
    else ignored.push(key);
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    delete filter.to;
    ignored.push('to');
  }
  let days = DEFAULT_DAYS;
  const rawDays = params.get('days')?.trim();
  if (rawDays) {
    const parsed = operationsFilterSchema.safeParse({ days: /^\d+$/.test(rawDays) ? Number(rawDays) : rawDays });
    if (parsed.success) days = parsed.data.days;
    else ignored.push('days');
  }
  return { query: { filter: normalizeDashboardFilter(filter), days }, ignored };
}

/** The query string of a query (no leading "?"; "" for the default view). */
export function searchOfDashboardQuery(q: DashboardQuery): string {
  const params = new URLSearchParams();
  const f = normalizeDashboardFilter(q.filter);
  for (const key of KEYS) if (f[key] !== undefined) params.set(key, f[key]);
  if (q.days !== DEFAULT_DAYS) params.set('days', String(q.days));
  return params.toString();
}

/** The dashboard's address (`/dashboard`, or its print view) for a query. */
export function dashboardHref(q: DashboardQuery, path: '/dashboard' | '/dashboard/print' = '/dashboard'): string {
  const search = searchOfDashboardQuery(q);
  return search ? `${path}?${search}` : path;
}

/** `f` with `patch` applied; a field patched to undefined is cleared. */
export function patchDashboardFilter(f: DashboardFilter, patch: Partial<DashboardFilter>): DashboardFilter {
  return normalizeDashboardFilter({ ...f, ...patch });
}

export const isEmptyDashboardFilter = (f: DashboardFilter) => Object.keys(normalizeDashboardFilter(f)).length === 0;
