import { advisorOf, type RunListFilter } from '../../lib/run-list.ts';
import type { RunRecord } from '../contracts/run-view.ts';

/**
 * Whether a run record passes the run list's filter (lib/run-list.ts) on its record
 * fields (the time window is applied on the index).
 */
export function matchesRunFilter(run: RunRecord, f: RunListFilter): boolean {
  if (f.workflow_id !== undefined && run.workflow_id !== f.workflow_id) return false;
  if (f.version !== undefined && run.workflow_version !== f.version) return false;
  if (f.status !== undefined && !f.status.includes(run.status)) return false;
  if (f.advisor !== undefined && !(advisorOf(run.input)?.toLowerCase().includes(f.advisor.toLowerCase()) ?? false)) return false;
  return true;
}
