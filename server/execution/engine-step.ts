import {
  StatesError,
  evaluateChoice,
  failStateError,
  passStateOutput,
  simpleStateOutput,
  waitUntil,
  selectEffectiveInput,
  withinStepBudget,
} from '../engine/runtime/index.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { acquireEngineLease } from './engine-lease.ts';
import type { InstanceView } from './instance-view.ts';
import { commitAndDispatch } from './commit-and-dispatch.ts';
import { contextFor } from './context-object.ts';
import { planFailure, planSuccess } from './plan-state-end.ts';
import { addNotification, applyOutcome } from './transitions.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Advances the states the engine runs itself: Pass, Choice, Wait, Succeed and Fail (ASL
 * semantics in server/engine/runtime). A Wait releases its lease and schedules a delayed
 * notification (`wait_elapsed`) rather than sleeping; that notification finishes it.
 * Every failure of the ASL semantics is a StatesError and fails the state (Retry/Catch apply),
 * so no input leaves a state to be re-leased forever: that includes a step that computes longer
 * than its budget and a Wait whose end is no date a scheduler can honour (`waitUntil` refuses it).
 */
export async function engineStep(x: ExecutionServices, v: InstanceView, reason: OutboxEntry['reason']): Promise<void> {
  const waking = reason === 'wait_elapsed';
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, !waking);
  if (!lease) return;
  const c = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
  let notes: OutboxEntry[];
  try {
    notes = withinStepBudget(() => planStep(c, v, waking));
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const retry = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
    notes = planFailure(retry, v, { error: err.error, cause: err.cause });
    await commitAndDispatch(x, retry, notes);
    return;
  }
  await commitAndDispatch(x, c, notes);
}

/** The state's work as changes on `c` and the notifications to send; throws StatesError. */
function planStep(c: CommitBuilder, v: InstanceView, waking: boolean): OutboxEntry[] {
  const state = v.loc.state;
  const ctx = () => contextFor(v.def, v.run, v.instance, v.entry);
  switch (state.Type) {
    case 'Pass': {
      const effective = selectEffectiveInput(state, v.entry.input, ctx());
      return planSuccess(c, withEffective(v, effective), passStateOutput(state, v.entry.input, ctx(), effective));
    }
    case 'Succeed':
      return planSuccess(c, v, simpleStateOutput(state, v.entry.input));
    case 'Choice': {
      const effective = selectEffectiveInput(state, v.entry.input, ctx());
      const next = evaluateChoice(state, effective);
      const output = simpleStateOutput(state, v.entry.input);
      const entry = { ...v.entry, effective_input: effective, output };
      const done = { status: 'done', finished_at: new Date().toISOString() } as const;
      c.state(v.instance, { set: done, release: true, note: `chose ${next}` });
      c.hset(c.keys.entries, v.instance, entry);
      return applyOutcome(c, v.instance, entry, { kind: 'next', next, output });
    }
    case 'Wait': {
      if (waking) return planSuccess(c, v, simpleStateOutput(state, v.entry.input));
      const effective = selectEffectiveInput(state, v.entry.input, ctx());
      const until = waitUntil(state, effective, new Date());
      c.hset(c.keys.entries, v.instance, withEffective(v, effective).entry);
      c.state(v.instance, { release: true, note: `waiting until ${until.toISOString()}` });
      return [addNotification(c, v.instance, v.entry.entry, 'wait_elapsed', until.getTime())];
    }
    case 'Fail': {
      const { error, cause } = failStateError(state, v.entry.input);
      const lastError = cause ? `${error}: ${cause}` : error;
      const failed = { status: 'failed', last_error: lastError, finished_at: new Date().toISOString() } as const;
      c.state(v.instance, { set: failed, release: true, note: 'failed' });
      return applyOutcome(c, v.instance, v.entry, { kind: 'fail', error, cause });
    }
    default:
      throw new Error(`engineStep cannot run a ${String(state.Type)} state`);
  }
}

/** The instance with its effective input recorded (InputPath → Parameters, for the run view). */
function withEffective(v: InstanceView, effective: Json): InstanceView {
  return { ...v, entry: { ...v.entry, effective_input: effective } };
}
