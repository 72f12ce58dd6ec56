import type { WorkerNotification } from '../contracts/agent-runtime.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { engineStep } from './engine-step.ts';
import { branchDoneIsIdle, forkOrJoin } from './fork-join.ts';
import { loadRunDefinition } from './run-definition.ts';
import { baseName } from './instances.ts';
import { commitAndDispatch } from './commit-and-dispatch.ts';
import { Continuation, type ContinueLimits } from './continuation.ts';
import { notificationsOf, type JobNotifications } from './dispatch-groups.ts';
import { deadlineRedriveCount, finishRun, RUN_DEADLINE } from './transitions.ts';
import { redriveCountField } from './run-record.ts';
import { prefetchInstances, takePrefetched, viewInstance } from './instance-view.ts';
import { handOver, type TaskHandoff } from './task-handoff.ts';
import { takeGrant } from './pregrant.ts';
import { workerAgentFor } from './worker-agent.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** The notification payload (spec §5.5 with amendment A5) for a dispatched outbox entry. */
export function notificationPayload(workflowId: string, e: OutboxEntry): WorkerNotification {
  return {
    workflow_event: {
      type: 'notify_start',
      workflow_id: workflowId,
      run_id: e.run_id,
      state: e.instance,
      reason: e.reason,
      nudge_id: e.id,
    },
  };
}

/**
 * Processes one notification job: Task states go to their worker agent (through the
 * agent-runtime port), every other state is advanced by the engine. Stale or pointless
 * notifications (finished run, old entry, abandoned branch) are dropped. The outbox entry (and its
 * claim, when it was continued in place) is removed at the end (or, by an in-process worker, in the
 * commit of the Task's outcome), so a crash before that leaves it for the sweeper to re-dispatch.
 */
export async function handleNotification(x: ExecutionServices, e: OutboxEntry): Promise<void> {
  if (e.instance === RUN_DEADLINE) {
    // Refused (and harmless) when the run already ended, or was redriven since this deadline was set.
    const c = x.cp.builder(e.run_id).requireRun({ redrive_count: redriveCountField(deadlineRedriveCount(e.entry)) });
    finishRun(c, { status: 'TIMED_OUT', error: 'States.Timeout', cause: 'the workflow exceeded its TimeoutSeconds' });
    c.outboxDone(e.id);
    // Refused, the commit removed nothing: the entry goes here, so a completed job never leaves one behind (sweeper.ts).
    if (!(await commitAndDispatch(x, c, [])).ok) await x.cp.outboxDone(e.run_id, e.id);
    return;
  }
  if (e.reason === 'branch_done' && (await idleBranchDone(x, e))) {
    await x.cp.outboxDone(e.run_id, e.id);
    return;
  }
  const v = await viewInstance(x.redis, e.run_id, e.instance, e.entry, takePrefetched(e));
  if ('skip' in v) {
    x.log.debug({ run_id: e.run_id, instance: e.instance, reason: v.skip }, 'notification skipped');
  } else if (v.loc.state.Type === 'Task') {
    const agent = await workerAgentFor(x, v);
    if (!agent) throw new Error(`run ${e.run_id}: no worker agent for ${baseName(e.instance)} (create_worker_agents first)`);
    const payload = notificationPayload(v.def.workflow.workflow_id, e);
    const handoff: TaskHandoff = { view: v, nudgeId: e.id, outboxDone: false, continuation: x.continuation, granted: takeGrant(e) };
    handOver(payload, handoff);
    await x.agents.deliver(agent, payload);
    // An in-process worker removed the entry with the state's outcome (task-handoff.ts).
    if (handoff.outboxDone) return;
  } else if (v.loc.state.Type === 'Parallel' || v.loc.state.Type === 'Map') {
    await forkOrJoin(x, v, e.reason);
  } else {
    await engineStep(x, v, e.reason);
  }
  await x.cp.outboxDone(e.run_id, e.id);
}

/**
 * A notification job (dispatcher.ts): handles its first notification and those it carries
 * (dispatch-groups.ts) at once, and each notification the job's own commits chose to continue in
 * place (continuation.ts), within the job's bounds; it ends when all are handled (`limits`: the
 * defaults of continuation.ts unless a test sets them). A throw on the first fails the job (BullMQ
 * retries it); a throw on a carried or continued one enqueues that one as a job of its own (its
 * outbox entry is still there), so its retries are its own.
 */
export async function handleNotificationJob(x: ExecutionServices, job: JobNotifications, limits?: ContinueLimits): Promise<void> {
  const { first, carried } = notificationsOf(job);
  const handling = new Set<Promise<void>>();
  let failed: { err: unknown } | undefined;
  // Never rejects (a failure is kept in `failed`), so a handler that ends between two waits below leaves no rejection unheard.
  const start = (e: OutboxEntry) => {
    const p: Promise<void> = handleNotification(jobX, e)
      .catch(async (err: unknown) => {
        if (e === first) {
          failed = { err };
          return;
        }
        x.log.warn({ run_id: e.run_id, instance: e.instance, err }, 'continued or carried notification failed; enqueued');
        // Not enqueued either: the job fails (BullMQ retries it with what it carries), and a continued one's claim, once passed, is the sweeper's.
        await x.dispatcher.dispatch([e], { fresh: true }).catch((lost: unknown) => (failed ??= { err: lost }));
      })
      .finally(() => handling.delete(p));
    handling.add(p);
  };
  const cont = new Continuation(start, limits);
  // The job's handlers commit with its continuation (ExecutionServices.continuation).
  const jobX: ExecutionServices = { ...x, continuation: cont };
  // One read for the instances of the notifications the job carries with its first (instance-view.ts).
  if (carried.length) await prefetchInstances(x.redis, [first, ...carried]);
  start(first);
  for (const e of carried) cont.carry(e);
  // A handler may start another while it is awaited: wait until none is left.
  while (handling.size > 0) await Promise.all(handling);
  cont.close();
  if (failed) throw failed.err;
}

/** A branch's report to its Parallel/Map that leaves the join nothing to do, told without reading the fork (fork-join.ts). */
async function idleBranchDone(x: ExecutionServices, e: OutboxEntry): Promise<boolean> {
  const def = await loadRunDefinition(x.redis, e.run_id);
  const type = def?.states.get(baseName(e.instance))?.state.Type;
  if (type !== 'Parallel' && type !== 'Map') return false;
  return branchDoneIsIdle(x, e.run_id, e.instance, e.entry, type);
}
