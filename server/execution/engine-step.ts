import {
  StatesError, evaluateChoice, failStateError, passStateOutput, simpleStateOutput, waitUntil, selectEffectiveInput,
} from '../engine/runtime/index.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { OutboxEntry } from './entries.ts';
import { acquireEngineLease } from './engine-lease.ts';
import type { InstanceView } from './instance-view.ts';
import { commitAndDispatch } from './commit-and-dispatch.ts';
import { contextFor } from './context-object.ts';
import { planFailure, planSuccess } from './plan-state-end.ts';
import { addNotification, applyOutcome } from './transitions.ts';
import type { ExecutionServices } from './services.ts';

/**
 * Advances the states the engine runs itself: Pass, Choice, Wait, Succeed and Fail (ASL
 * semantics in server/engine/runtime). A Wait releases its lease and schedules a delayed
 * notification (`wait_elapsed`) rather than sleeping; that notification finishes it.
 */
export async function engineStep(x: ExecutionServices, v: InstanceView, reason: OutboxEntry['reason']): Promise<void> {
  const waking = reason === 'wait_elapsed';
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, !waking);
  if (!lease) return;
  const c = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
  const state = v.loc.state;
  const ctx = () => contextFor(v.def, v.run, v.instance, v.entry);
  /** The instance with its effective input recorded (InputPath → Parameters, for the run view). */
  const withEffective = (effective: Json): InstanceView => ({ ...v, entry: { ...v.entry, effective_input: effective } });
  let notes: OutboxEntry[];
  try {
    switch (state.Type) {
      case 'Pass': {
        const effective = selectEffectiveInput(state, v.entry.input, ctx());
        notes = planSuccess(c, withEffective(effective), passStateOutput(state, v.entry.input, ctx(), effective));
        break;
      }
      case 'Succeed':
        notes = planSuccess(c, v, simpleStateOutput(state, v.entry.input));
        break;
      case 'Choice': {
        const effective = selectEffectiveInput(state, v.entry.input, ctx());
        const next = evaluateChoice(state, effective);
        const output = simpleStateOutput(state, v.entry.input);
        const entry = { ...v.entry, effective_input: effective, output };
        c.state(v.instance, { set: { status: 'done', finished_at: new Date().toISOString() }, release: true, note: `chose ${next}` });
        c.hset(c.keys.entries, v.instance, entry);
        notes = applyOutcome(c, v.instance, entry, { kind: 'next', next, output });
        break;
      }
      case 'Wait':
        if (waking) {
          notes = planSuccess(c, v, simpleStateOutput(state, v.entry.input));
        } else {
          const effective = selectEffectiveInput(state, v.entry.input, ctx());
          const until = waitUntil(state, effective, new Date());
          c.hset(c.keys.entries, v.instance, withEffective(effective).entry);
          c.state(v.instance, { release: true, note: `waiting until ${until.toISOString()}` });
          notes = [addNotification(c, v.instance, v.entry.entry, 'wait_elapsed', until.getTime())];
        }
        break;
      case 'Fail': {
        const { error, cause } = failStateError(state, v.entry.input);
        c.state(v.instance, { set: { status: 'failed', last_error: cause ? `${error}: ${cause}` : error, finished_at: new Date().toISOString() }, release: true, note: 'failed' });
        notes = applyOutcome(c, v.instance, v.entry, { kind: 'fail', error, cause });
        break;
      }
      default:
        throw new Error(`engineStep cannot run a ${String(state.Type)} state`);
    }
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const retry = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
    notes = planFailure(retry, v, { error: err.error, cause: err.cause });
    await commitAndDispatch(x, retry, notes);
    return;
  }
  await commitAndDispatch(x, c, notes);
}
