import type { SkillCallOutcome } from '../skills/invoke/index.ts';
import type { WorkerAgent, WorkerNotification } from '../contracts/agent-runtime.ts';
import { skillToolCall } from './skill-choice.ts';
import { swapFailedSkill } from './skill-swap.ts';
import { needsRunContext, runContextArguments } from './webhook.ts';
import { completeTask, currentSkillOf, failTask, startTaskWork, type AttemptContext } from './task-work.ts';
import type { InstanceView } from './instance-view.ts';
import { takeHandoff } from './task-handoff.ts';
import { renewWhileWorking, type WorkAbort } from './lease-renewal.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { ProtocolPlan, StepRefused } from './protocol-plan.ts';

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
export async function performWorkerProtocol(services: ExecutionServices, agent: WorkerAgent, n: WorkerNotification): Promise<void> {
  const { run_id: runId, state: instance } = n.workflow_event;
  const handoff = takeHandoff(n);
  // Handed over by a notification job: the outcome's commit may continue a notification in that job.
  const x = handoff?.continuation ? { ...services, continuation: handoff.continuation } : services;
  // Granted with the commit that entered the state (pregrant.ts), the lease also loaded the skill if it needed it.
  const granted = handoff?.granted;
  const preload = granted ? undefined : skillWithStart(x, agent, handoff?.view);
  const start = await startTaskWork(x, runId, instance, agent.id, false, handoff?.view, preload?.record, granted);
  const { lease, view: started } = start;
  if (!lease.ok) return;
  // The instance as the lease was granted on it (task-work.ts startTaskWork); a swap rewrites the entry, so it is dropped then.
  let known = started;
  /** The attempt's context for an outcome; the handler is told when the outcome's commit removed its outbox entry. */
  const attempt = (): AttemptContext => ({ view: known, nudgeId: handoff?.nudgeId, sends: true });
  const removedOutbox = (r: { ok: boolean }) => {
    if (r.ok && handoff) handoff.outboxDone = true;
  };
  const plan = await ProtocolPlan.declare(x, agent, runId, instance, lease);
  const at = { run_id: runId, state: instance };
  let written = false;
  const abort = new AbortController();
  x.activeWork.add(abort);
  const stopRenewing = renewWhileWorking(x, runId, instance, lease.token, abort, handoff?.nudgeId);
  const timeoutMs = lease.timeout_ms;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          const cause = `${instance} exceeded TimeoutSeconds (${timeoutMs / 1000} s)`;
          abort.abort({ error: 'States.Timeout', cause } satisfies WorkAbort);
        }, timeoutMs);
  /** update_workflow_control_plane with the state's failure, then notify (Retry/Catch apply). */
  const fail = (failure: { error: string; cause: string }) =>
    plan
      .step(
        'update_workflow_control_plane',
        { ...at, status: 'failed' },
        async () => {
          const r = await failTask(x, runId, instance, lease.token, failure, attempt());
          removedOutbox(r);
          return r;
        },
        refusedCode,
      )
      .then((r) => report(plan, x, r));
  try {
    if (!lease.current_skill) {
      await fail({ error: 'States.TaskFailed', cause: `${instance} binds no skill` });
      return;
    }
    let skill: string = lease.current_skill;
    // Computed once, and only for a skill whose tools take it (needsRunContext).
    let context: Record<string, unknown> | undefined;
    let attempts = lease.attempts;
    // `agent` was read with this notification (worker-agent.ts): a skill its record already holds, alone, is
    // loaded (a Map's iterations share their state's agent; a Retry reuses it), so the write is skipped; so is one
    // the lease's grant loaded (skillWithStart).
    const loadedWith = granted?.pre.loads ? [skill] : preload?.skills;
    let loaded = start.loaded && loadedWith ? loadedWith : agent.loaded_skills;
    const load = (s: string) =>
      plan.step('load_skill', { ...at, skill: s }, async () => {
        if (loaded.length === 1 && loaded[0] === s) return;
        await x.agents.setLoadedSkills(agent.id, [s]);
        loaded = [s];
      });
    await load(skill);
    for (;;) {
      const manifest = x.skills.get(skill);
      if (manifest && !context && needsRunContext(manifest)) context = await runContextArguments(x.config, runId, instance);
      const call = manifest && skillToolCall(manifest, lease.effective_input, context);
      const outcome: SkillCallOutcome =
        !manifest || !call
          ? {
              ok: false as const,
              error: 'States.TaskFailed',
              cause: manifest ? `no tool of ${skill} accepts the state's arguments` : `skill ${skill} is not in the catalog`,
              latencyMs: 0,
            }
          : await plan.step(
              'invoke_skill_tool',
              { ...at, skill, tool_name: call.tool.toolName },
              () =>
                x.invoker.invoke({
                  manifest,
                  toolName: call.tool.toolName,
                  args: call.args as Record<string, unknown>,
                  attempt: attempts,
                  signal: abort.signal,
                  idempotencyKey: lease.idempotency_key,
                }),
              (o) => (o.ok ? null : o.error),
            );
      const aborted = abort.signal.reason as WorkAbort | undefined;
      // Lease lost: another worker owns the state now and our writes would be refused. Worker
      // stopping: write nothing; the lease lapses and the sweeper hands the state to another worker.
      if (aborted?.error === 'LeaseLost' || aborted?.error === 'WorkerStopped') return;
      if (outcome.ok) {
        const done = await plan.step(
          'update_workflow_control_plane',
          { ...at, status: 'done' },
          async () => {
            const meta = { latencyMs: outcome.latencyMs, skill };
            const r = await completeTask(x, runId, instance, lease.token, outcome.result, meta, attempt());
            removedOutbox(r);
            return r;
          },
          refusedCode,
        );
        written = done.ok;
        await report(plan, x, done);
        return;
      }
      // No `skill` in the step's arguments: the skill policy chooses the alternative (the general method).
      const swap = await plan.step(
        'update_workflow_control_plane',
        { ...at, status: 'running', last_error: outcome.error },
        () => swapFailedSkill(x, runId, instance, lease.token, { error: outcome.error, cause: outcome.cause }),
        refusedCode,
      );
      known = undefined;
      if (!swap.ok) return;
      if (!swap.skill) {
        await fail({ error: outcome.error, cause: outcome.cause });
        return;
      }
      await load(swap.skill); // unload_skill(failed) + load_skill(alternative)
      skill = swap.skill;
      attempts = swap.attempts;
    }
  } catch (err) {
    // Enforce mode refused a step over the worker's plan budget: the state fails, saying so.
    if (!(err instanceof StepRefused)) throw err;
    await failTask(x, runId, instance, lease.token, { error: 'States.TaskFailed', cause: err.message }, { sends: true }).then((r) =>
      r.ok ? x.dispatcher.dispatch(r.pending_notifications, { fresh: true }) : undefined,
    );
  } finally {
    x.activeWork.delete(abort);
    stopRenewing();
    clearTimeout(timer);
    await plan.end(written ? 'Complete' : 'Failed');
  }
}

/**
 * The skill a Task's start loads with its lease (the grant writes the agent's record: task-work.ts startTaskWork
 * `loadRecord`), saving load_skill's round trip: the view's current skill, when the agent does not hold it alone
 * and the platform keeps records the control plane can write. With tool-call plans load_skill is still recorded
 * as the plan's step (it finds the skill loaded): a worker's plan refuses no step (protocol-plan.ts).
 */
function skillWithStart(x: ExecutionServices, agent: WorkerAgent, view: InstanceView | undefined) {
  if (!view || !x.agents.loadedSkillsRecord) return undefined;
  const skill = currentSkillOf(view);
  if (!skill || (agent.loaded_skills.length === 1 && agent.loaded_skills[0] === skill)) return undefined;
  const skills = [skill];
  return { skills, record: x.agents.loadedSkillsRecord(agent, skills) };
}

/** A control-plane write the fence refused is the step's failure. */
const refusedCode = (r: { ok: boolean }): string | null => (r.ok ? null : 'refused');

/** After an update: notify downstream (notify_next_worker_agent) with what the update queued. */
async function report(plan: ProtocolPlan, x: ExecutionServices, r: Awaited<ReturnType<typeof completeTask>>): Promise<void> {
  if (!r.ok) return;
  const pending = r.pending_notifications;
  await plan.step('notify_next_worker_agent', { notifications: pending.length }, () => x.dispatcher.dispatch(pending, { fresh: true }));
}
