import { WORKFLOW_RUNNERS, type Role } from '@/lib/roles';
import type { RunStatus } from '@/lib/run-list';

/** What a row of the run list offers: stop a run still going, or redrive one that ended badly. */
export type RunAction = 'cancel' | 'redrive';

/** The run statuses redrive_workflow_run accepts. */
export const REDRIVABLE_STATUSES: readonly RunStatus[] = ['FAILED', 'TIMED_OUT', 'ABORTED'];

/**
 * The actions a role gets on a run in a status: Cancel for a RUNNING run, Redrive for a FAILED,
 * TIMED_OUT or ABORTED one — for those who run workflows (WORKFLOW_RUNNERS); none for the
 * others. The server checks the same roles and statuses; this only decides what is shown.
 */
export function runActionsFor(role: Role, status: RunStatus): RunAction[] {
  if (!WORKFLOW_RUNNERS.includes(role)) return [];
  if (status === 'RUNNING') return ['cancel'];
  return REDRIVABLE_STATUSES.includes(status) ? ['redrive'] : [];
}
