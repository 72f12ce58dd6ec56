import {
  StatesError,
  applyStateResult,
  selectEffectiveInput,
  stateTimeoutMs,
  withinStepBudget,
  type Json,
} from '../engine/runtime/index.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { EntryRecord, OutboxEntry } from '../contracts/execution-entries.ts';
import { viewInstance, type InstanceView } from './instance-view.ts';
import { afterCommit, commitAndDispatch, sendWith, written } from './commit-and-dispatch.ts';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import { contextFor } from './context-object.ts';
import { dataPlaneEnvelope } from './data-plane.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { planFailure, planSuccess } from './plan-state-end.ts';
import { preGrantFor, type PreGranted } from './pregrant.ts';
import { boundSkills, currentSkill } from './bound-skills.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { reportedCause } from '../../lib/failure-cause.ts';

export type TaskLease = {
  ok: true;
  token: string;
  attempts: number;
  ttl_s: number;
  /** The state's effective input (InputPath → Parameters): the skill tool's arguments. */
  effective_input: Json;
  /** Skills bound by the state's AgentBinding, in order. */
  skills: string[];
  /** The skill to use now: the first bound one, or the alternative a previous attempt swapped to. */
  current_skill: string | null;
  /** TimeoutSeconds of the state, in ms. */
  timeout_ms: number | null;
  /** The key every skill call of this attempt carries (idempotency-key.ts): the same when a crashed attempt re-runs. */
  idempotency_key: string;
};
export type Refusal = { ok: false; reason: string; detail?: string };
export type Pending = { ok: true; pending_notifications: OutboxEntry[] };

/**
 * acquire_state_lease for a Task: grants the lease (a new attempt; with `renewOwn`, the holder
 * acquiring again renews instead — agents renew that way) and computes the state's
 * effective input, recorded in the entry (fenced by the new lease) for the run view. A path in
 * InputPath/Parameters that fails is the state's failure (ASL States.Runtime etc.), handled by
 * Retry/Catch like any other.
 */
export async function acquireTaskLease(
  x: ExecutionServices,
  runId: string,
  instance: string,
  agentId: string,
  renewOwn = false,
): Promise<TaskLease | Refusal> {
  return (await startTaskWork(x, runId, instance, agentId, renewOwn)).lease;
}

/**
 * acquireTaskLease, and the view of the instance the lease was granted on (absent when refused).
 * The usual start is two round trips, or one given the view `seen`: the view, then one script that grants the lease and records
 * the effective input computed from that view if the entry is still the one viewed — and with it `loadRecord`, the
 * worker agent's record with the view's current skill loaded, where the platform gives one (`loaded` says it was
 * written: AgentRuntimePort.loadedSkillsRecord). The view stays
 * true while the lease holds and the holder does not rewrite the entry itself (a skill swap does):
 * a re-entry resets the state document, which breaks the fence of every later write.
 */
export async function startTaskWork(
  x: ExecutionServices,
  runId: string,
  instance: string,
  agentId: string,
  renewOwn = false,
  seen?: InstanceView,
  loadRecord?: string,
  pregranted?: PreGranted,
): Promise<{ lease: TaskLease | Refusal; view?: InstanceView; loaded?: boolean }> {
  // A view the caller just read (task-handoff.ts) serves: the grant below records only on the entry as viewed.
  let v = seen && seen.instance === instance && seen.run.run_id === runId ? seen : await viewInstance(x.redis, runId, instance);
  if ('skip' in v) return { lease: { ok: false, reason: 'not_runnable', detail: v.skip } };
  if (v.loc.state.Type !== 'Task') {
    return { lease: { ok: false, reason: 'not_a_task', detail: `${instance} is a ${String(v.loc.state.Type)} state` } };
  }
  // Granted with the commit that entered the instance, on the entry viewed here (pregrant.ts): no round trip of its own.
  const pre = pregranted?.pre;
  if (pre && v === seen && pregranted!.grant.recorded && pre.request.owner === agentId && pre.request.instance === instance) {
    if (JSON.stringify(v.entry) === pre.expected) {
      const started = withEntry(v, { ...v.entry, effective_input: pre.effectiveInput });
      return {
        lease: taskLease(x, started, pregranted!.grant, pre.effectiveInput),
        view: started,
        loaded: pregranted!.grant.loaded === true,
      };
    }
  }
  const ttl = x.config.execution.leaseTtlS;
  // The effective input of the entry as viewed, written with the grant; a failing path is decided after the grant (below).
  const first = effectiveInputOf(v);
  const expected = JSON.stringify(v.entry);
  const record = first.ok ? { expected, next: JSON.stringify({ ...v.entry, effective_input: first.value }) } : undefined;
  const agent = record && loadRecord ? { id: agentId, record: loadRecord } : undefined;
  const grant = await x.cp.acquireLease(runId, instance, agentId, ttl, true, renewOwn, record, agent);
  if (!grant.ok) return { lease: { ok: false, reason: grant.reason, detail: grant.owner ? `held by ${grant.owner}` : undefined } };
  if (grant.recorded && first.ok) {
    const started = withEntry(v, { ...v.entry, effective_input: first.value });
    return { lease: taskLease(x, started, grant, first.value), view: started, loaded: grant.loaded === true };
  }
  // The instance may have been re-entered between the view and the grant (a fork retried, a
  // loop): the lease is for the entry there now. After the grant, any re-entry resets the
  // document, which breaks the fence of every later write.
  if ((await x.redis.hget(runKeys(runId).entries, instance)) !== expected) {
    v = await viewInstance(x.redis, runId, instance);
    if ('skip' in v) return { lease: { ok: false, reason: 'not_runnable', detail: v.skip } };
  }
  try {
    const effective = withinStepBudget(() => selectEffectiveInput(v.loc.state, v.entry.input, contextFor(v.def, v.run, instance, v.entry)));
    if (!grant.renewed) {
      const c = x.cp.builder(runId).fence(instance, grant.token);
      c.hset(c.keys.entries, instance, { ...v.entry, effective_input: effective });
      const recorded = await x.cp.commit(c);
      if (!recorded.ok) return { lease: { ok: false, reason: recorded.reason } };
    }
    const started = withEntry(v, { ...v.entry, effective_input: effective });
    return { lease: taskLease(x, started, grant, effective), view: grant.renewed ? undefined : started };
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const c = x.cp.builder(runId).fence(instance, grant.token);
    await commitAndDispatch(x, c, planFailure(c, v, { error: err.error, cause: err.cause }));
    return { lease: { ok: false, reason: 'input_failed', detail: `${err.error}: ${err.cause}` } };
  }
}

/** InputPath → Parameters of the viewed entry, or the StatesError that fails the state. */
function effectiveInputOf(v: InstanceView): { ok: true; value: Json } | { ok: false } {
  try {
    return {
      ok: true,
      value: withinStepBudget(() => selectEffectiveInput(v.loc.state, v.entry.input, contextFor(v.def, v.run, v.instance, v.entry))),
    };
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    return { ok: false };
  }
}

const withEntry = (v: InstanceView, entry: EntryRecord): InstanceView => ({ ...v, entry });

function taskLease(x: ExecutionServices, v: InstanceView, grant: { token: string; attempts: number }, effective: Json): TaskLease {
  const skills = boundSkills(v.loc.state);
  return {
    ok: true,
    token: grant.token,
    attempts: grant.attempts,
    ttl_s: x.config.execution.leaseTtlS,
    effective_input: effective,
    skills,
    current_skill: currentSkill(v.entry, v.loc.state),
    timeout_ms: stateTimeoutMs(v.loc.state, v.entry.input) ?? null,
    idempotency_key: idempotencyKey(v.run.run_id, v.instance, v.entry),
  };
}

/**
 * What an in-process worker knows of its attempt when it writes the outcome: `view`, the instance
 * as its lease was granted on it (startTaskWork), and `nudgeId`, the outbox entry it was woken by,
 * removed in the same commit as the outcome. `sends`: the worker enqueues the outcome's
 * notifications itself right after the commit (dispatcher `fresh`) — or continues one in place
 * (commit-and-dispatch.ts sendWith) — so the commit marks them sent; an agent worker's update leaves
 * them to its notify_next_worker_agent call.
 */
export interface AttemptContext {
  view?: InstanceView;
  nudgeId?: string;
  sends?: boolean;
}

/**
 * The instance to write an outcome on: the attempt's view (still true under its lease: see
 * startTaskWork), else read afresh. Its enclosing Parallel/Map may have moved on since either: the
 * outcome's commit requires it as viewed (outcomeCommit), so a branch or iteration whose fork moved
 * on is refused there and reports nothing to it.
 */
async function view(x: ExecutionServices, runId: string, instance: string, known?: InstanceView): Promise<InstanceView | Refusal> {
  if (known && known.instance === instance && known.run.run_id === runId) return known;
  const v = await viewInstance(x.redis, runId, instance);
  return 'skip' in v ? { ok: false, reason: 'not_runnable', detail: v.skip } : v;
}

/** The commit of an attempt's outcome: fenced by its lease, its branch's fork as viewed, the woken-by outbox entry removed. */
function outcomeCommit(x: ExecutionServices, v: InstanceView, token: string, attempt: AttemptContext) {
  const c = x.cp.builder(v.run.run_id).fence(v.instance, token);
  if (v.entry.parent) c.requireParent(v.entry.parent);
  if (attempt.nudgeId) c.outboxDone(attempt.nudgeId);
  return c;
}

/**
 * Commits an outcome. `attempt.sends`: the worker sends the notifications itself (sendWith: marked
 * sent in the commit, one maybe continued in place by this job) — `pending_notifications` are those
 * it enqueues; otherwise those the commit wrote, for an agent's notify_next_worker_agent.
 */
async function commitOutcome(x: ExecutionServices, c: CommitBuilder, notes: OutboxEntry[], attempt: AttemptContext, v: InstanceView) {
  const sending = attempt.sends ? sendWith(x, c, notes) : undefined;
  // The next Task continued in place gets its lease in the same write (pregrant.ts).
  if (sending) sending.pregrant = preGrantFor(x, c, v, sending.continued);
  const r = await commitAndDispatch(x, c, notes, false, sending);
  const pending = sending ? afterCommit(sending, r) : written(notes, r);
  return r.ok ? { ok: true as const, pending_notifications: pending } : { ok: false as const, reason: r.reason };
}

/** A Task's skill returned `result`: data-plane write, ResultSelector → ResultPath → OutputPath, done. */
export async function completeTask(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  result: Json,
  meta: { latencyMs: number; skill: string },
  attempt: AttemptContext = {},
): Promise<Pending | Refusal> {
  const v = await view(x, runId, instance, attempt.view);
  if ('ok' in v) return v;
  const c = outcomeCommit(x, v, token, attempt);
  let notes: OutboxEntry[];
  try {
    const output = withinStepBudget(() =>
      applyStateResult(v.loc.state, v.entry.input, result, contextFor(v.def, v.run, instance, v.entry)),
    );
    c.hset(c.keys.data, instance, dataPlaneEnvelope(result, meta.latencyMs, meta.skill));
    notes = planSuccess(c, v, output);
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    notes = planFailure(c, v, { error: err.error, cause: err.cause });
  }
  return commitOutcome(x, c, notes, attempt, v);
}

/**
 * A Task attempt failed for good (no swap left): the state's Retry/Catch decide what follows. A
 * failure caused by the caller's input keeps its error name (what Retry/Catch match) and gets a
 * cause that says so ("invalid input: no advisor named …", lib/failure-cause.ts reportedCause),
 * so the state, the run and the graph report it as the caller's and not as a fault of the skill.
 */
export async function failTask(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  failure: { error: string; cause: string },
  attempt: AttemptContext = {},
): Promise<Pending | Refusal> {
  const v = await view(x, runId, instance, attempt.view);
  if ('ok' in v) return v;
  const c = outcomeCommit(x, v, token, attempt);
  const notes = planFailure(c, v, { error: failure.error, cause: reportedCause(failure.error, failure.cause) });
  return commitOutcome(x, c, notes, attempt, v);
}

/**
 * The policy's choice behind a swap, as the `skill_swap` event records it. `split`: a live split
 * (DCF_POLICY_SPLIT) chose the strategy — the event then says so, and the run's episode records the
 * strategy with the use of the skill it chose (episode.ts).
 */
export type SwapChoice = { strategy: string; rationale: string; explored: boolean; split?: boolean };

/** The skill a Task instance uses now: the one a swap bound, else its first bound skill. */
export const currentSkillOf = (v: InstanceView): string | null => currentSkill(v.entry, v.loc.state);

/** The skills already tried under the lease `token` (EntryRecord.tried). */
export const triedUnder = (v: InstanceView, token: string): string[] => (v.entry.tried?.lease === token ? v.entry.tried.skills : []);

/**
 * Records a failed attempt that the worker recovers from itself (spec §4.1–4.2: the skill is
 * swapped and the call retried within the same lease): `last_error` is kept, `attempts` set, and
 * with `skill` the swap: the skill now bound to the instance (remembered for later attempts),
 * the failed one (`from`, default the current skill) added to the skills tried under this lease,
 * and a `skill_swap` event with the policy's choice (null: the worker named the skill itself).
 */
export async function recordAttempt(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  change: { last_error?: string; attempts?: number; skill?: string; from?: string; choice?: SwapChoice | null },
): Promise<{ ok: true } | Refusal> {
  const v = await view(x, runId, instance);
  if ('ok' in v) return v;
  const c = x.cp.builder(runId).fence(instance, token);
  const set: Record<string, unknown> = {};
  if (change.last_error !== undefined) set.last_error = change.last_error;
  if (change.attempts !== undefined) set.attempts = change.attempts;
  c.state(instance, { set, note: change.skill ? `skill → ${change.skill}` : 'attempt recorded' });
  if (change.skill) {
    const from = change.from ?? currentSkillOf(v);
    const tried = [...new Set([...triedUnder(v, token), ...(from ? [from] : [])])];
    c.hset(c.keys.entries, instance, { ...v.entry, skill: change.skill, tried: { lease: token, skills: tried } });
    c.event({
      type: 'skill_swap',
      instance,
      from,
      to: change.skill,
      reason: change.last_error ?? null,
      policy: change.choice?.strategy ?? null,
      rationale: change.choice?.rationale ?? null,
      explored: change.choice?.explored ?? false,
      ...(change.choice?.split ? { split: true } : {}),
    });
  }
  const r = await x.cp.commit(c);
  return r.ok ? { ok: true } : { ok: false, reason: r.reason };
}
