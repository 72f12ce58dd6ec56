import { isRecord, str } from '@/lib/is-record';
import { isFinalRunStatus, qaResultOf, runSnapshotOf, type QaResult, type RunSnapshot } from './run-view';
import type { ToolItem } from './thread';

/**
 * The run card of a thread: ONE card per run id, however many tool calls followed it. A run is
 * started (`start_workflow_run`, `create_workflow_control_plane`), continued (`redrive_workflow_run`)
 * and read (`wait_for_workflow_run`, `get_workflow_run`); each of those calls contributes to the
 * run's single card, which sits at the run's latest call and carries the latest status known from
 * the thread. So a start that returned RUNNING never leaves a stale RUNNING card beside the wait
 * that returned SUCCEEDED. Pure: decided from the calls' arguments and parsed returns only.
 */
export interface RunCard {
  kind: 'run';
  /** The latest tool call of the run in the thread. */
  tool: string;
  runId: string;
  /**
   * The newest snapshot the thread holds (a read's return); null when only the id is known (a
   * start, a redrive, a read still waiting or cut off): the card then follows the run live.
   */
  snapshot: RunSnapshot | null;
  /** The QA result in that snapshot's output. */
  qa: QaResult | null;
  /** Every tool call of the run in thread order (this card stands for all of them). */
  calls: string[];
}

/** Calls that (re)start a run: whatever was read before them no longer describes it. */
const RUN_STARTERS = new Set(['start_workflow_run', 'create_workflow_control_plane', 'redrive_workflow_run']);
const RUN_READERS = new Set(['get_workflow_run', 'wait_for_workflow_run']);

const okValue = (item: ToolItem): Record<string, unknown> | null => {
  const v = item.ret?.value;
  return isRecord(v) && v.status === 'ok' ? v : null;
};

/** One tool call's contribution to a run card, or null when the call is about no run it could name. */
export interface RunCall {
  tool: string;
  runId: string;
  snapshot: RunSnapshot | null;
  /** A start or redrive: the run (re)begins here. */
  restarts: boolean;
}

export function runCallOf(item: ToolItem): RunCall | null {
  const r = okValue(item);
  if (RUN_STARTERS.has(item.name)) {
    // A start that failed or has not returned names no run yet: its tool card says why.
    const runId = str(r?.run_id);
    return runId ? { tool: item.name, runId, snapshot: null, restarts: true } : null;
  }
  if (!RUN_READERS.has(item.name)) return null;
  // A read that failed (no such run, no Redis) gets no card: its tool card says why.
  if (item.ret && !r && isRecord(item.ret.value)) return null;
  const snapshot = runSnapshotOf(r);
  const runId = snapshot?.runId ?? str(isRecord(item.args) ? item.args.run_id : null);
  return runId ? { tool: item.name, runId, snapshot, restarts: false } : null;
}

/**
 * The run's card after one more call: a read with a snapshot replaces what was known; a read
 * without one (still waiting, or its return was cut off) keeps the newest snapshot; a start or a
 * redrive forgets it (the run is going again and is followed live).
 */
export function mergeRunCall(prev: RunCard | null, call: RunCall): RunCard {
  const snapshot = call.restarts ? null : (call.snapshot ?? prev?.snapshot ?? null);
  return {
    kind: 'run',
    tool: call.tool,
    runId: call.runId,
    snapshot,
    qa: snapshot ? qaResultOf(snapshot.output) : null,
    calls: [...(prev?.calls ?? []), call.tool],
  };
}

/** The card of one call on its own (no thread around it). */
export function runCardOf(item: ToolItem): RunCard | null {
  const call = runCallOf(item);
  return call ? mergeRunCall(null, call) : null;
}

/**
 * Whether the card must read the run itself (`runs.get`): nothing final is known yet, or the run
 * SUCCEEDED but the tool that said so left its output out (wait_for_workflow_run with
 * `include_output: false`, as agents ask to keep answers small) — the QA result is in the output.
 */
export function needsRunRead(snapshot: RunSnapshot | null): boolean {
  if (!snapshot || !isFinalRunStatus(snapshot.status)) return true;
  return snapshot.status === 'SUCCEEDED' && (snapshot.output === null || snapshot.output === undefined);
}

/**
 * What the card shows: the thread's snapshot when it is final and complete; else what `runs.get`
 * read — unless that is older news than the thread (a cached RUNNING read of a run the thread
 * already knows ended), so a finished run never shows RUNNING again.
 */
export function shownSnapshot(thread: RunSnapshot | null, fetched: RunSnapshot | null): RunSnapshot | null {
  if (!fetched || !needsRunRead(thread)) return thread ?? fetched;
  if (thread && isFinalRunStatus(thread.status) && !isFinalRunStatus(fetched.status)) return thread;
  return fetched;
}
