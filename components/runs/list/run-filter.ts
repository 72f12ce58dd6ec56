import { RUN_STATUSES, type RunListFilter, type RunStatus } from '@/lib/run-list';
import { dayOfIso, lastDayOfIso } from './day-bounds';
import { orList } from '@/lib/list-words';

export type { RunListFilter };
export { RUN_STATUSES, type RunStatus };

/** The run-list filter with empty fields dropped: no blank strings, no empty status list, statuses in list order. */
export function normalizeFilter(f: RunListFilter): RunListFilter {
  const out: RunListFilter = {};
  if (f.workflow_id?.trim()) out.workflow_id = f.workflow_id.trim();
  if (f.version?.trim()) out.version = f.version.trim();
  const status = RUN_STATUSES.filter((s) => f.status?.includes(s));
  if (status.length) out.status = status;
  if (f.started_after) out.started_after = f.started_after;
  if (f.started_before) out.started_before = f.started_before;
  if (f.advisor?.trim()) out.advisor = f.advisor.trim();
  return out;
}

/**
 * `f` with `patch` applied (a field set to undefined is cleared). Choosing another workflow clears
 * the version, which belongs to the workflow, unless the patch names one too.
 */
export function patchFilter(f: RunListFilter, patch: Partial<RunListFilter>): RunListFilter {
  const next: RunListFilter = { ...f, ...patch };
  if ('workflow_id' in patch && patch.workflow_id !== f.workflow_id && !('version' in patch)) delete next.version;
  return normalizeFilter(next);
}

/** Whether two filters ask for the same runs (order of statuses and blank fields do not matter). */
export function sameFilter(a: RunListFilter, b: RunListFilter): boolean {
  return JSON.stringify(normalizeFilter(a)) === JSON.stringify(normalizeFilter(b));
}

export const isEmptyFilter = (f: RunListFilter) => Object.keys(normalizeFilter(f)).length === 0;

/**
 * A filter in words, for a saved filter's tooltip and the save form: "Standard Advice Call
 * Analysis v1.0.0 · FAILED or TIMED_OUT · 2024-07-01 to 2024-07-07 · advisor “alex”".
 * `workflowName` names a workflow id where it is known. Dates are the reader's calendar days.
 */
export function describeFilter(f: RunListFilter, workflowName: (id: string) => string | undefined = () => undefined): string {
  const n = normalizeFilter(f);
  const parts: string[] = [];
  if (n.workflow_id) parts.push(`${workflowName(n.workflow_id) ?? n.workflow_id}${n.version ? ` v${n.version}` : ''}`);
  else if (n.version) parts.push(`version ${n.version}`);
  if (n.status) parts.push(orList(n.status));
  const from = n.started_after ? dayOfIso(n.started_after) : null;
  const to = n.started_before ? lastDayOfIso(n.started_before) : null;
  if (from && to) parts.push(from === to ? `on ${from}` : `${from} to ${to}`);
  else if (from) parts.push(`from ${from}`);
  else if (to) parts.push(`until ${to}`);
  if (n.advisor) parts.push(`advisor “${n.advisor}”`);
  return parts.length ? parts.join(' · ') : 'All runs';
}
