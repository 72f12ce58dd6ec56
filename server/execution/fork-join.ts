import {
  StatesError,
  applyStateResult,
  mapItemInput,
  mapItems,
  mapProcessor,
  maxConcurrency,
  selectEffectiveInput,
  withinStepBudget,
  type Json,
} from '../engine/runtime/index.ts';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { acquireEngineLease } from './engine-lease.ts';
import type { InstanceView } from './instance-view.ts';
import { commitAndDispatch } from './commit-and-dispatch.ts';
import { contextFor } from './context-object.ts';
import { checkMapSize, nextMapBatch, type MapProgress } from './map-batch.ts';
import { planFailure, planSuccess } from './plan-state-end.ts';
import { addNotification, enterState, type BranchReport } from './transitions.ts';
import { iterationScope, scopeOf } from './instances.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/**
 * Parallel and Map. A fork enters every branch's StartAt (Parallel) or the first batch of
 * iterations (Map), releases the lease and leaves the state `running`; each branch/iteration end
 * reports into the state's join hash and notifies it (`branch_done`). The join starts the next
 * batch of a Map when it may, collects results in branch/item order once all have reported, and a
 * failure report fails the state (its Retry/Catch apply).
 *
 * Map batches (map-batch.ts): one commit starts at most DCF_MAP_BATCH_SIZE iterations and never
 * more than MaxConcurrency run at once; when more may start at once, the commit also notifies the
 * Map itself (a `branch_done` with no report), so the next batch is another commit. The join
 * hash's `started` counter is advanced only by a commit fenced by the Map's lease, together with
 * the iterations it starts, so each batch is committed exactly once; whoever holds the lease next
 * (that notification, an iteration's report, or the sweeper's `lease_expired` after a holder
 * died) reads the counter and goes on from there. A notification for an entry that has already
 * forked (a repeated delivery, a take-over) therefore joins; it never forks again.
 *
 * Iteration inputs are evaluated at the fork, all of them (a bad ItemSelector fails the Map before
 * any iteration runs), and again from the Map's recorded effective input when their batch starts:
 * the join hash holds counters and reports, never a copy of the items.
 */
export async function forkOrJoin(x: ExecutionServices, v: InstanceView, reason: OutboxEntry['reason']): Promise<void> {
  if (reason === 'branch_done' || (await forkedEntry(x, v)) === v.entry.entry) return join(x, v);
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, true);
  if (!lease) return;
  // Another delivery may have forked this entry while this one waited for the lease.
  if ((await forkedEntry(x, v)) === v.entry.entry) return joinHolding(x, v, lease.token);
  const c = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
  let notes: OutboxEntry[];
  try {
    // The engine's compute budget per step (server/engine/runtime/compute-budget.ts).
    notes = withinStepBudget(() => fork(c, v, x.config.execution));
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const f = x.cp.builder(v.run.run_id).fence(v.instance, lease.token);
    await commitAndDispatch(x, f, planFailure(f, v, { error: err.error, cause: err.cause }));
    return;
  }
  await commitAndDispatch(x, c, notes);
}

/** The entry the fork's join hash was set up for (null: not forked). */
const forkedEntry = (x: ExecutionServices, v: InstanceView) => x.redis.hget(runKeys(v.run.run_id).join(v.instance), 'entry');

type MapLimits = { mapMaxItems: number; mapBatchSize: number };

function fork(c: CommitBuilder, forking: InstanceView, limits: MapLimits): OutboxEntry[] {
  const state = forking.loc.state;
  const ctx = contextFor(forking.def, forking.run, forking.instance, forking.entry);
  const effective = selectEffectiveInput(state, forking.entry.input, ctx);
  // Recorded for the run view and for later Map batches; kept by every later write of the entry.
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
    return branches.map((b, i) =>
      enterState(c, scope + b.StartAt, effective, { instance: v.instance, entry: v.entry.entry, index: i }, 'upstream_done'),
    );
  }
  const items = mapItems(state, effective, ctx);
  checkMapSize(items.length, limits.mapMaxItems);
  const limit = maxConcurrency(state, v.entry.input, ctx);
  const inputs = items.map((item, i) => mapItemInput(state, effective, item, i, ctx));
  c.hset(join, 'total', String(inputs.length));
  c.hset(join, 'limit', limit === Infinity ? '0' : String(limit));
  if (inputs.length === 0) {
    c.hset(join, 'started', '0');
    return planSuccess(c, v, applyStateResult(state, v.entry.input, [], ctx));
  }
  return startBatch(c, v, { total: inputs.length, started: 0, done: 0, limit }, limits.mapBatchSize, (i) => inputs[i]!);
}

/**
 * Starts the next batch of a Map's iterations in commit `c` (fenced by the Map's lease): advances
 * `started`, enters each iteration, releases the lease, and when more may start at once queues
 * the Map's own notification for the next batch.
 */
function startBatch(c: CommitBuilder, v: InstanceView, p: MapProgress, batchSize: number, inputOf: (index: number) => Json): OutboxEntry[] {
  const { count, more } = nextMapBatch(p, batchSize);
  // Everything that may throw (StatesError) before the first write to `c`.
  const start = mapProcessor(v.loc.state).StartAt;
  const inputs = Array.from({ length: count }, (_, k) => inputOf(p.started + k));
  c.hset(c.keys.join(v.instance), 'started', String(p.started + count));
  const note = `started iterations ${p.started}..${p.started + count - 1} of ${p.total}`;
  c.state(v.instance, { release: true, note });
  const notes = inputs.map((input, k) => {
    const index = p.started + k;
    const parent = { instance: v.instance, entry: v.entry.entry, index };
    return enterState(c, iterationScope(v.instance, index) + start, input, parent, 'upstream_done');
  });
  if (more) notes.push(addNotification(c, v.instance, v.entry.entry, 'branch_done'));
  return notes;
}

type JoinPeek = MapProgress & { entry: string | null; failed: number };

/** The join hash of fork `instance` as entry `entry` counts it; `limit` null: a hash from before the limit was recorded. */
async function readJoin(x: ExecutionServices, runId: string, instance: string, entry: string) {
  const fields = ['entry', 'total', 'started', `done:${entry}`, `failed:${entry}`, 'limit'];
  const [forked, total, started, done, failed, limit] = await x.redis.hmget(runKeys(runId).join(instance), ...fields);
  const peek = {
    entry: forked ?? null,
    total: Number(total ?? 0),
    started: Number(started ?? total ?? 0),
    done: Number(done ?? 0),
    failed: Number(failed ?? 0),
  };
  return { peek, limit: limit ?? null };
}

async function peekJoin(x: ExecutionServices, v: InstanceView): Promise<JoinPeek> {
  const { peek, limit } = await readJoin(x, v.run.run_id, v.instance, v.entry.entry);
  // `limit` '0' is no limit; a join hash written before the limit was recorded: from the state.
  return { ...peek, limit: v.loc.state.Type !== 'Map' ? Infinity : limit != null ? Number(limit) || Infinity : mapLimitOf(v) };
}

/**
 * Whether a `branch_done` for fork `instance`'s entry `entry` finds nothing to do (no batch to start,
 * not every branch in) — what join() would find before taking the lease — told from the join hash
 * alone, without reading the fork's entry, which for a Map holds its whole input: each of a large
 * Map's iterations notifies it, and most of those notifications are idle. False when unsure.
 */
export async function branchDoneIsIdle(
  x: ExecutionServices,
  runId: string,
  instance: string,
  entry: string,
  type: unknown,
): Promise<boolean> {
  const { peek, limit } = await readJoin(x, runId, instance, entry);
  if (type === 'Map' && limit === null) return false;
  const p: JoinPeek = { ...peek, limit: type !== 'Map' ? Infinity : Number(limit) || Infinity };
  return !needsWork(entry, type, p, x.config.execution.mapBatchSize);
}

/** MaxConcurrency of a Map whose join hash predates the recorded `limit`. */
function mapLimitOf(v: InstanceView): number {
  try {
    return maxConcurrency(v.loc.state, v.entry.input, contextFor(v.def, v.run, v.instance, v.entry));
  } catch (err) {
    if (err instanceof StatesError) return Infinity;
    throw err;
  }
}

const finished = (p: JoinPeek) => p.failed > 0 || p.done >= p.total;

function needsWork(entry: string, type: unknown, p: JoinPeek, batchSize: number): boolean {
  if (p.entry !== entry) return false;
  return finished(p) || (type === 'Map' && nextMapBatch(p, batchSize).count > 0);
}

async function join(x: ExecutionServices, v: InstanceView): Promise<void> {
  if (!needsWork(v.entry.entry, v.loc.state.Type, await peekJoin(x, v), x.config.execution.mapBatchSize)) return;
  const lease = await acquireEngineLease(x, v.run.run_id, v.instance, false);
  if (!lease) return;
  await joinHolding(x, v, lease.token);
}

/** The join's work, holding the fork's lease `token`: finish the fork, start a Map batch, or nothing. */
async function joinHolding(x: ExecutionServices, v: InstanceView, token: string): Promise<void> {
  const batchSize = x.config.execution.mapBatchSize;
  const c = x.cp.builder(v.run.run_id).fence(v.instance, token);
  const p = await peekJoin(x, v);
  if (!needsWork(v.entry.entry, v.loc.state.Type, p, batchSize)) {
    c.state(v.instance, { release: true });
    await commitAndDispatch(x, c, []);
    return;
  }
  let notes: OutboxEntry[];
  try {
    notes = finished(p) ? await finish(x, c, v, p) : withinStepBudget(() => startBatch(c, v, p, batchSize, iterationInputs(v)));
  } catch (err) {
    if (!(err instanceof StatesError)) throw err;
    const f = x.cp.builder(v.run.run_id).fence(v.instance, token);
    await commitAndDispatch(x, f, planFailure(f, v, { error: err.error, cause: err.cause }));
    return;
  }
  await commitAndDispatch(x, c, notes);
}

/** Inputs of later iterations, from the Map's recorded effective input (recomputed if absent). */
function iterationInputs(v: InstanceView): (index: number) => Json {
  const ctx = contextFor(v.def, v.run, v.instance, v.entry);
  const effective = v.entry.effective_input ?? selectEffectiveInput(v.loc.state, v.entry.input, ctx);
  const items = mapItems(v.loc.state, effective, ctx);
  return (i) => mapItemInput(v.loc.state, effective, items[i] ?? null, i, ctx);
}

/** All branches reported, or one failed: the fork's result in branch/item order, or its failure. */
async function finish(x: ExecutionServices, c: CommitBuilder, v: InstanceView, p: JoinPeek): Promise<OutboxEntry[]> {
  const reports = await readReports(x, c.keys.join(v.instance), p.total, x.config.execution.mapBatchSize);
  const failed = (r: BranchReport | null): r is Extract<BranchReport, { ok: false }> => !!r && r.entry === v.entry.entry && !r.ok;
  const failure = reports.find(failed);
  if (failure) return planFailure(c, v, { error: failure.error, cause: failure.cause });
  const results = reports.map((r) => (r && r.ok ? r.output : null));
  const ctx = contextFor(v.def, v.run, v.instance, v.entry);
  return withinStepBudget(() => planSuccess(c, v, applyStateResult(v.loc.state, v.entry.input, results, ctx)));
}

/** The branch reports `r:0…r:total-1`, read in bounded chunks (no one Redis call reads a whole large Map). */
async function readReports(x: ExecutionServices, key: string, total: number, chunk: number): Promise<Array<BranchReport | null>> {
  const reports: Array<BranchReport | null> = [];
  for (let from = 0; from < total; from += chunk) {
    const fields = Array.from({ length: Math.min(chunk, total - from) }, (_, i) => `r:${from + i}`);
    for (const raw of await x.redis.hmget(key, ...fields)) reports.push(raw ? (JSON.parse(raw) as BranchReport) : null);
  }
  return reports;
}
