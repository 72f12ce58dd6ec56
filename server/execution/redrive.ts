import { ACTIVE_RUNS, runKeys } from '../controlplane/keys.ts';
import type { RunStatus } from '../../lib/run-list.ts';
import { createWorkerAgents } from './create-worker-agents.ts';
import type { EntryRecord, OutboxEntry } from '../contracts/execution-entries.ts';
import { finalizeWorkflow } from './finalize.ts';
import { settledKey } from './run-settled.ts';
import { joinRepair, planRedrive, type RedrivePlanError, type RedriveTarget } from './redrive-plan.ts';
import { loadRunDefinition } from './run-definition.ts';
import { readRun, runFields, runGuard } from './run-record.ts';
import { baseName } from './instances.ts';
import { enterState, scheduleRunDeadline } from './transitions.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** Runs that ended in a way a redrive may continue from (AWS: FAILED, TIMED_OUT, ABORTED). */
export const REDRIVABLE: readonly RunStatus[] = ['FAILED', 'TIMED_OUT', 'ABORTED'];

export type RedriveResult =
  | { ok: true; run_id: string; redrive_count: number; redriven: Array<{ state: string; kind: RedriveTarget['kind'] }>; resumed: string[] }
  | { ok: false; reason: 'no_such_run' }
  | { ok: false; reason: 'not_redrivable'; status: RunStatus }
  | { ok: false; reason: 'changed' }
  | RedrivePlanError;

/**
 * redrive_workflow_run: continues a run that ended FAILED, TIMED_OUT or ABORTED from its
 * failures only (see planRedrive), or — with `states` — retries those. In one atomic commit,
 * required to find the run as it was read (so two redrives cannot both apply): the run goes
 * back to RUNNING (error, cause, output, finished_at and summary cleared, redrive_count + 1);
 * every resumed Parallel/Map is running again with the reports of its re-run branches removed
 * and its failure counter reset; each target is re-entered with its recorded raw input and
 * parent link (a new entry id, Retry counters reset, `attempts` kept) and a `redrive`
 * notification; the workflow's TimeoutSeconds starts again from now; a run-level `redrive`
 * event is written. Then the run rejoins the active set, worker agents are created again (the
 * run's end deleted them) and the notifications are sent. `done` instances are never touched,
 * so they do not run again; Map iterations that had not started yet start as redriven ones
 * finish (the join's `started` counter).
 */
export async function redriveWorkflowRun(
  x: ExecutionServices,
  runId: string,
  opts: { states?: string[]; by: string },
): Promise<RedriveResult> {
  let run = await readRun(x.redis, runId);
  if (!run) return { ok: false, reason: 'no_such_run' };
  if (!REDRIVABLE.includes(run.status)) return { ok: false, reason: 'not_redrivable', status: run.status };
  if (!run.summary) {
    // The run's end is not finalized yet (it is happening now, or its process died): do it first,
    // so open states are closed and nothing of the old life is finalized after the redrive.
    await finalizeWorkflow(x, runId);
    run = (await readRun(x.redis, runId))!;
    if (!REDRIVABLE.includes(run.status)) return { ok: false, reason: 'not_redrivable', status: run.status };
  }
  const def = (await loadRunDefinition(x.redis, runId))!;
  const k = runKeys(runId);
  const [states, entriesRaw] = await Promise.all([x.cp.readStates(runId), x.redis.hgetall(k.entries)]);
  const entries = Object.fromEntries(Object.entries(entriesRaw).map(([i, v]) => [i, JSON.parse(v) as EntryRecord]));
  const plan = planRedrive({
    states,
    entries,
    select: opts.states,
    isFork: (i) => ['Parallel', 'Map'].includes(String(def.states.get(baseName(i))?.state.Type)),
  });
  if ('error' in plan) return plan;

  const count = run.redrive_count + 1;
  const c = x.cp.builder(runId).evenWhenFinished().requireRun(runGuard(run));
  c.run(runFields({ status: 'RUNNING', output: null, error: null, cause: null, finished_at: null, summary: null, redrive_count: count }));
  for (const fork of plan.forks) {
    const { retry_counts: _reset, ...entry } = fork.entry;
    c.hset(k.entries, fork.instance, entry);
    c.state(fork.instance, {
      set: { status: 'running', finished_at: null, last_error: null },
      release: true,
      note: `resumed by redrive (${fork.indices.length} to run again)`,
    });
    const repair = joinRepair(fork, await x.redis.hgetall(k.join(fork.instance)));
    for (const field of repair.remove) c.hdel(k.join(fork.instance), field);
    if (repair.failed > 0) c.hset(k.join(fork.instance), repair.failedField, String(repair.failed));
    else c.hdel(k.join(fork.instance), repair.failedField);
  }
  const notes: OutboxEntry[] = plan.targets.map((t) =>
    enterState(c, t.instance, t.entry.input, t.entry.parent, 'redrive', { attempts: t.attempts }),
  );
  const deadline = scheduleRunDeadline(c, def.workflow, count);
  if (deadline) notes.push(deadline);
  // The first life's settled mark goes: a wait for the new life's end waits for that end's own work (run-settled.ts).
  c.del(settledKey(runId));
  const redriven = plan.targets.map((t) => ({ state: t.instance, kind: t.kind }));
  c.event({
    type: 'redrive',
    redrive_count: count,
    by: opts.by,
    states: redriven.map((r) => r.state),
    resumed: plan.forks.length ? plan.forks.map((f) => f.instance) : null,
  });
  const committed = await x.cp.commit(c);
  if (!committed.ok) return { ok: false, reason: 'changed' };

  await x.redis.sadd(ACTIVE_RUNS, runId);
  await createWorkerAgents(x, runId);
  await x.dispatcher.dispatch(notes);
  return { ok: true, run_id: runId, redrive_count: count, redriven, resumed: plan.forks.map((f) => f.instance) };
}
