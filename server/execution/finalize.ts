import type { StateDocument } from '../controlplane/state-document.ts';
import { leaveActiveRuns } from './active-runs.ts';
import { AGENTS_AT_ONCE, createWorkerAgents } from './create-worker-agents.ts';
import { mapBounded } from './bounded-all.ts';
import { readRun, runFields, runGuard } from './run-record.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import { finishRun } from './transitions.ts';
import { markRunSettled } from './run-settled.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

export interface RunSummary {
  status: RunRecord['status'];
  states: Record<StateDocument['status'], number>;
  attempts: number;
  duration_ms: number | null;
  workers_deleted: number;
}

/** `last_error` of a state that was still open when its run ended (finalize closed it): interrupted, not failed itself. */
export const CLOSED_BY_FINALIZE = 'Closed: run ';

/**
 * finalize_workflow: ends a run's life — a run still RUNNING is aborted (`abort` must be set,
 * so a stray call cannot end a live run), states still pending/running are closed as failed,
 * the worker agents are deleted (unless `deleteWorkers` is false) and a summary is written to
 * the run record (and returned), the outbox cleared. Idempotent.
 *
 * Closing, summary and outbox go in one commit that requires the run to be as read (status,
 * redrive_count): a finalize racing a redrive of the same run writes nothing, and gives the
 * redriven run back the workers it deleted.
 */
export async function finalizeWorkflow(
  x: ExecutionServices,
  runId: string,
  opts: { deleteWorkers?: boolean; abort?: boolean; reason?: string } = {},
): Promise<{ ok: true; summary: RunSummary; run: RunRecord } | { ok: false; reason: string }> {
  // Both at once (one round trip's wait), sent in this order on one connection: Redis reads the states after the run.
  let [run, states] = await Promise.all([readRun(x.redis, runId), x.cp.readStates(runId)]);
  if (!run) return { ok: false, reason: 'no_such_run' };
  const aborting = run.status === 'RUNNING';
  if (aborting) {
    if (!opts.abort) return { ok: false, reason: 'run_is_running' };
    const c = x.cp.builder(runId);
    finishRun(c, { status: 'ABORTED', error: 'Aborted', cause: opts.reason ?? 'finalize_workflow aborted the run' });
    await x.cp.commit(c);
    [run, states] = await Promise.all([readRun(x.redis, runId).then((r) => r!), x.cp.readStates(runId)]);
  }
  const open = Object.entries(states).filter(([, d]) => d.status === 'running' || (d.status === 'pending' && d.attempts > 0));
  const c = x.cp.builder(runId).evenWhenFinished().requireRun(runGuard(run));
  for (const [instance] of open) {
    c.state(instance, {
      set: { status: 'failed', last_error: `${CLOSED_BY_FINALIZE}${run.status}`, finished_at: new Date().toISOString() },
      release: true,
      note: 'closed by finalize',
    });
  }
  let deleted = 0;
  if (opts.deleteWorkers !== false) {
    if (x.agents.deleteRunAgents) deleted = await x.agents.deleteRunAgents(runId);
    else {
      const agents = await x.agents.listRunAgents(runId);
      deleted = (await mapBounded(agents, AGENTS_AT_ONCE, (a) => x.agents.deleteAgent(a.id))).filter(Boolean).length;
    }
  }
  const counts = { pending: 0, running: 0, done: 0, failed: 0 };
  let attempts = 0;
  for (const [instance, d] of Object.entries(states)) {
    const status = open.some(([i]) => i === instance) ? 'failed' : d.status;
    counts[status]++;
    attempts += d.attempts;
  }
  const summary: RunSummary = {
    status: run.status,
    states: counts,
    attempts,
    workers_deleted: deleted,
    duration_ms: run.finished_at ? Date.parse(run.finished_at) - Date.parse(run.started_at) : null,
  };
  c.run(runFields({ summary }));
  c.del(c.keys.outbox);
  c.del(c.keys.claims);
  const committed = await x.cp.commit(c);
  await leaveActiveRuns(x.redis, runId);
  if (!committed.ok) {
    // Redriven meanwhile: the redrive may have counted on workers this call has just deleted.
    if ((await readRun(x.redis, runId))?.status === 'RUNNING') await createWorkerAgents(x, runId);
    return { ok: false, reason: 'run_is_running' };
  }
  // A run this call aborted has no end-of-run work left (the runtime's onRunFinished follows the runs that end on
  // their own): settled now, so a wait for it answers at once rather than after its bound (wait-run.ts).
  if (aborting) await markRunSettled(x.redis, runId);
  return { ok: true, summary, run: { ...run, summary } };
}
