import { runKeys, ACTIVE_RUNS } from '../controlplane/keys.ts';
import type { StateDocument } from '../controlplane/state-document.ts';
import { readRun, runFields, type RunRecord } from './run-record.ts';
import { finishRun } from './transitions.ts';
import type { ExecutionServices } from './services.ts';

export interface RunSummary {
  status: RunRecord['status'];
  states: Record<StateDocument['status'], number>;
  attempts: number;
  duration_ms: number | null;
  workers_deleted: number;
}

/**
 * finalize_workflow: ends a run's life — a run still RUNNING is aborted (`abort` must be set,
 * so a stray call cannot end a live run), states still pending/running are closed as failed,
 * the worker agents are deleted (unless `deleteWorkers` is false) and a summary is written to
 * the run record (and returned). Idempotent.
 */
export async function finalizeWorkflow(x: ExecutionServices, runId: string, opts: { deleteWorkers?: boolean; abort?: boolean; reason?: string } = {}): Promise<{ ok: true; summary: RunSummary; run: RunRecord } | { ok: false; reason: string }> {
  let run = await readRun(x.redis, runId);
  if (!run) return { ok: false, reason: 'no_such_run' };
  if (run.status === 'RUNNING') {
    if (!opts.abort) return { ok: false, reason: 'run_is_running' };
    const c = x.cp.builder(runId);
    finishRun(c, { status: 'ABORTED', error: 'Aborted', cause: opts.reason ?? 'finalize_workflow aborted the run' });
    await x.cp.commit(c);
    run = (await readRun(x.redis, runId))!;
  }
  const states = await x.cp.readStates(runId);
  const open = Object.entries(states).filter(([, d]) => d.status === 'running' || (d.status === 'pending' && d.attempts > 0));
  const c = x.cp.builder(runId).evenWhenFinished();
  for (const [instance] of open) {
    c.state(instance, { set: { status: 'failed', last_error: `Closed: run ${run.status}`, finished_at: new Date().toISOString() }, release: true, note: 'closed by finalize' });
  }
  let deleted = 0;
  if (opts.deleteWorkers !== false) {
    for (const agent of await x.agents.listRunAgents(runId)) if (await x.agents.deleteAgent(agent.id)) deleted++;
  }
  const counts = { pending: 0, running: 0, done: 0, failed: 0 };
  let attempts = 0;
  for (const [instance, d] of Object.entries(states)) {
    const status = open.some(([i]) => i === instance) ? 'failed' : d.status;
    counts[status]++;
    attempts += d.attempts;
  }
  const summary: RunSummary = {
    status: run.status, states: counts, attempts, workers_deleted: deleted,
    duration_ms: run.finished_at ? Date.parse(run.finished_at) - Date.parse(run.started_at) : null,
  };
  c.run(runFields({ summary }));
  await x.cp.commit(c);
  await x.redis.srem(ACTIVE_RUNS, runId);
  await x.redis.del(runKeys(runId).outbox);
  return { ok: true, summary, run: { ...run, summary } };
}
