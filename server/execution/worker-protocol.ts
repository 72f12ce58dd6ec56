import type { SkillCallOutcome } from '../skills/invoke/index.ts';
import type { WorkerAgent, WorkerNotification } from '../agents/agent-runtime.ts';
import { skillToolCall } from './skill-choice.ts';
import { swapFailedSkill } from './skill-swap.ts';
import { runContextArguments } from './webhook.ts';
import { acquireTaskLease, completeTask, failTask } from './task-work.ts';
import { renewWhileWorking, type WorkAbort } from './lease-renewal.ts';
import type { ExecutionServices } from './services.ts';

/**
 * The worker protocol of spec §2.6 and §4, performed by an in-process worker agent for one
 * notification: acquire the state's lease → load the bound skill → invoke its tool with the
 * effective input and the attempt's idempotency key (renewing the lease meanwhile:
 * lease-renewal.ts) → on success update the control plane (done, data plane) and notify
 * downstream; on failure swap to an alternative skill (skill-swap.ts: `last_error` kept,
 * attempts + 1, the policy's choice recorded) and retry within the lease, and when no
 * alternative is left report the failure so the state's Retry/Catch apply. Agent workers do the
 * same through the tools, which use the same functions (skillToolCall, swapFailedSkill).
 */
export async function performWorkerProtocol(x: ExecutionServices, agent: WorkerAgent, n: WorkerNotification): Promise<void> {
  const { run_id: runId, state: instance } = n.workflow_event;
  const lease = await acquireTaskLease(x, runId, instance, agent.id);
  if (!lease.ok) return;
  const abort = new AbortController();
  x.activeWork.add(abort);
  const stopRenewing = renewWhileWorking(x, runId, instance, lease.token, abort);
  const timeoutMs = lease.timeout_ms;
  const timer = timeoutMs === null ? undefined : setTimeout(() => {
    const cause = `${instance} exceeded TimeoutSeconds (${timeoutMs / 1000} s)`;
    abort.abort({ error: 'States.Timeout', cause } satisfies WorkAbort);
  }, timeoutMs);
  try {
    if (!lease.current_skill) {
      await report(x, await failTask(x, runId, instance, lease.token, { error: 'States.TaskFailed', cause: `${instance} binds no skill` }));
      return;
    }
    let skill: string = lease.current_skill;
    const context = await runContextArguments(x.config, runId, instance);
    let attempts = lease.attempts;
    await x.agents.setLoadedSkills(agent.id, [skill]);
    for (;;) {
      const manifest = x.skills.get(skill);
      const call = manifest && skillToolCall(manifest, lease.effective_input, context);
      const outcome: SkillCallOutcome = !manifest || !call
        ? { ok: false as const, error: 'States.TaskFailed', cause: manifest ? `no tool of ${skill} accepts the state's arguments` : `skill ${skill} is not in the catalog`, latencyMs: 0 }
        : await x.invoker.invoke({
          manifest, toolName: call.tool.toolName, args: call.args as Record<string, unknown>, attempt: attempts,
          signal: abort.signal, idempotencyKey: lease.idempotency_key,
        });
      const aborted = abort.signal.reason as WorkAbort | undefined;
      // Lease lost: another worker owns the state now and our writes would be refused. Worker
      // stopping: write nothing; the lease lapses and the sweeper hands the state to another worker.
      if (aborted?.error === 'LeaseLost' || aborted?.error === 'WorkerStopped') return;
      if (outcome.ok) {
        await report(x, await completeTask(x, runId, instance, lease.token, outcome.result, { latencyMs: outcome.latencyMs, skill }));
        return;
      }
      const swap = await swapFailedSkill(x, runId, instance, lease.token, { error: outcome.error, cause: outcome.cause });
      if (!swap.ok) return;
      if (!swap.skill) {
        await report(x, await failTask(x, runId, instance, lease.token, { error: outcome.error, cause: outcome.cause }));
        return;
      }
      await x.agents.setLoadedSkills(agent.id, [swap.skill]); // unload_skill(failed) + load_skill(alternative)
      skill = swap.skill;
      attempts = swap.attempts;
    }
  } finally {
    x.activeWork.delete(abort);
    stopRenewing();
    clearTimeout(timer);
  }
}

/** After an update: notify downstream (notify_next_worker_agent) with what the update queued. */
async function report(x: ExecutionServices, r: Awaited<ReturnType<typeof completeTask>>): Promise<void> {
  if (r.ok) await x.dispatcher.dispatch(r.pending_notifications);
}
