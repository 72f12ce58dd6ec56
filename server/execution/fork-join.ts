import {
  StatesError, applyStateResult, mapItemInput, mapItems, mapProcessor, maxConcurrency, selectEffectiveInput,
  type AslState, type Json,
} from '../engine/runtime/index.ts';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { OutboxEntry } from './entries.ts';
import { acquireEngineLease } from './engine-lease.ts';
import type { InstanceView } from './instance-view.ts';
import { commitAndDispatch } from './commit-and-dispatch.ts';
import { contextFor } from './context-object.ts';
import { planFailure, planSuccess } from './plan-state-end.ts';
import { enterState, type BranchReport } from './transitions.ts';
import { iterationScope, scopeOf } from './instances.ts';
import type { ExecutionServices } from './services.ts';

/**
 * Parallel and Map. A fork enters every branch's StartAt (Parallel) or the first
 * MaxConcurrency iterations (Map) with the parent's entry id, releases the lease and leaves
 * the state `running`; each branch/iteration end reports into the state's join hash and
 * notifies it (`branch_done`). The join collects results in branch/item order once all have
 * reported, and a failure report fails the state (its Retry/Catch apply). Map items are stored
 * at the fork so later iterations can start without recomputing ItemsPath.
 */
export async function forkOrJoin(x: ExecutionServices, v: InstanceView, reason: OutboxEntry['reason']): Promise<void> {
  if (reason === 'branch_done') return join(x, v);
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, true);
  if (!lease) return;
  const c = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
  let notes: OutboxEntry[];
  try {
    notes = fork(c, v);
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const f = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
    await commitAndDispatch(x, f, planFailure(f, v, { error: err.error, cause: err.cause }));
    return;
  }
  await commitAndDispatch(x, c, notes);
}

function fork(c: CommitBuilder, forking: InstanceView): OutboxEntry[] {
  const state = forking.loc.state;
  const ctx = contextFor(forking.def, forking.run, forking.instance, forking.entry);
  const effective = selectEffectiveInput(state, forking.entry.input, ctx);
  // Recorded for the run view; kept by every later write of the entry (join, retry).
  const v: InstanceView = { ...forking, entry: { ...forking.entry, effective_input: effective } };
  c.hset(c.keys.entries, v.instance, v.entry);
  const join = c.keys.join(v.instance);
  c.del(join);
  c.hset(join, 'entry', v.entry.entry);
  const scope = scopeOf(v.instance);
  if (state.Type === 'Parallel') {
    const branches = state.Branches as Array<{ StartAt: string }>;
    c.hset(join, 'total', String(branches.length));
    c.state(v.instance, { release: true, note: `forked ${branches.length} branches` });
    return branches.map((b, i) => enterState(c, scope + b.StartAt, effective, { instance: v.instance, entry: v.entry.entry, index: i }, 'upstream_done'));
  }
  const items = mapItems(state, effective, ctx);
  const inputs = items.map((item, i) => mapItemInput(state, effective, item, i, { ...ctx, Map: { Item: { Index: i, Value: item } } }));
  c.hset(join, 'total', String(inputs.length));
  inputs.forEach((input, i) => c.hset(join, `in:${i}`, input));
  if (inputs.length === 0) return planSuccess(c, v, applyStateResult(state, v.entry.input, [], ctx));
  const first = Math.min(inputs.length, maxConcurrency(state));
  c.hset(join, 'started', String(first));
  c.state(v.instance, { release: true, note: `forked ${first} of ${inputs.length} iterations` });
  return inputs.slice(0, first).map((input, i) => startIteration(c, v, state, i, input));
}

function startIteration(c: CommitBuilder, v: InstanceView, state: AslState, index: number, input: Json): OutboxEntry {
  const start = mapProcessor(state).StartAt;
  return enterState(c, iterationScope(v.instance, index) + start, input, { instance: v.instance, entry: v.entry.entry, index }, 'upstream_done');
}

async function join(x: ExecutionServices, v: InstanceView): Promise<void> {
  const key = runKeys(v.run.run_id).join(v.instance);
  const e = v.entry.entry;
  const peek = async () => {
    const [entry, total, started, done, failed] = await x.redis.hmget(key, 'entry', 'total', 'started', `done:${e}`, `failed:${e}`);
    return { entry, total: Number(total ?? 0), started: Number(started ?? total ?? 0), done: Number(done ?? 0), failed: Number(failed ?? 0) };
  };
  const isMap = v.loc.state.Type === 'Map';
  const limit = isMap ? maxConcurrency(v.loc.state) : Infinity;
  const needsWork = (p: Awaited<ReturnType<typeof peek>>) =>
    p.entry === e && (p.failed > 0 || p.done >= p.total || (isMap && p.started < p.total && p.started - p.done < limit));
  if (!needsWork(await peek())) return;
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, false);
  if (!lease) return;
  const c = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
  const p = await peek();
  if (!needsWork(p)) {
    c.state(v.instance, { release: true });
    await commitAndDispatch(x, c, []);
    return;
  }
  const ctx = contextFor(v.def, v.run, v.instance, v.entry);
  let notes: OutboxEntry[];
  if (p.failed > 0 || p.done >= p.total) {
    const all = await x.redis.hgetall(key);
    const reports = Array.from({ length: p.total }, (_, i) => (all[`r:${i}`] ? (JSON.parse(all[`r:${i}`]!) as BranchReport) : null));
    const failure = reports.find((r): r is Extract<BranchReport, { ok: false }> => !!r && r.entry === e && !r.ok);
    if (failure) {
      notes = planFailure(c, v, { error: failure.error, cause: failure.cause });
    } else {
      try {
        const results = reports.map((r) => (r && r.ok ? r.output : null));
        notes = planSuccess(c, v, applyStateResult(v.loc.state, v.entry.input, results, ctx));
      } catch (err) {
        if (!(err instanceof StatesError)) throw err;
        notes = planFailure(c, v, { error: err.error, cause: err.cause });
      }
    }
  } else {
    const room = Math.min(p.total - p.started, limit - (p.started - p.done));
    const inputs = await x.redis.hmget(key, ...Array.from({ length: room }, (_, i) => `in:${p.started + i}`));
    c.hset(key, 'started', String(p.started + room));
    c.state(v.instance, { release: true, note: `started iterations ${p.started}..${p.started + room - 1}` });
    notes = inputs.map((raw, i) => startIteration(c, v, v.loc.state, p.started + i, JSON.parse(raw ?? 'null') as Json));
  }
  await commitAndDispatch(x, c, notes);
}
