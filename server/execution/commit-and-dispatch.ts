import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import type { CommitResult } from '../controlplane/control-plane.ts';
import { leaveActiveRuns } from './active-runs.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Commits a transition and, if it was accepted, enqueues the notifications it wrote to the
 * outbox (unless `dispatch` is false: a worker agent then calls notify_next_worker_agent, and
 * the sweeper dispatches what an agent forgot). A refused commit (stale lease, finished run) writes nothing and dispatches nothing.
 * When the commit finished the run, the run leaves the active set and is finalized.
 */
export async function commitAndDispatch(
  x: ExecutionServices,
  c: CommitBuilder,
  notifications: OutboxEntry[],
  dispatch = true,
): Promise<CommitResult> {
  // The notifications are marked sent in the commit itself (the sweeper sends any whose enqueue a crash prevented).
  if (dispatch) c.markSent(notifications.map((n) => n.id));
  const result = await x.cp.commit(c);
  if (!result.ok) return result;
  if (dispatch) await x.dispatcher.dispatch(notifications, { fresh: true });
  const finished = c.ops.some((o) => o.op === 'run' && o.set.status && o.set.status !== 'RUNNING');
  if (finished) {
    await leaveActiveRuns(x.redis, c.runId);
    await x.onRunFinished?.(c.runId);
  }
  return result;
}
