import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import type { CommitResult } from '../controlplane/control-plane.ts';
import { leaveActiveRuns } from './active-runs.ts';
import { groupNotes } from './dispatch-groups.ts';
import { prefetchInstance } from './instance-view.ts';
import { handOverGrant, type PreGrant } from './pregrant.ts';
import { baseName } from './instances.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import type { ExecutionServices, JobContinuation } from '../contracts/execution-services.ts';

/** What `sendWith` prepared on a commit: its notifications, and the one this job continues in place (and the job's continuation). */
export interface Sending {
  notes: OutboxEntry[];
  continued?: OutboxEntry;
  continuation?: JobContinuation;
  /** The continued Task's lease, asked for in the same write as the commit (pregrant.ts). */
  pregrant?: PreGrant;
}

/**
 * Before commit `c`: its notifications are marked sent in the commit itself (CommitBuilder.markSent;
 * the sweeper sends any whose enqueue a crash prevented), and inside a notification job one of them
 * due now is claimed to be continued in place (continuation.ts) rather than enqueued; the others due
 * now go several to a job (dispatch-groups.ts), the commit naming each one's carrier.
 */
export function sendWith(x: ExecutionServices, c: CommitBuilder, notes: OutboxEntry[]): Sending {
  c.markSent(notes.map((n) => n.id));
  const continuation = x.continuation;
  const continued = continuation?.choose(notes);
  // The continued one's instance is read in the commit too (prefetchInstance below): its handler starts without a read.
  if (continued) c.claim(continued.id, x.config.execution.leaseTtlS * 1000).readClaimed(continued.instance, baseName(continued.instance));
  c.carry(groupNotes(notes, continued));
  return { notes, continued, continuation };
}

/**
 * After the commit of `s`: the notifications it wrote (`written`) less the continued one, which is
 * handed to the job's continuation — what the caller enqueues (dispatcher `fresh`). Refused: none.
 */
export function afterCommit(s: Sending, result: CommitResult): OutboxEntry[] {
  const cont = s.continued && s.continuation;
  if (!result.ok) {
    if (cont) cont.release(s.continued!);
    return [];
  }
  const notes = written(s.notes, result);
  if (!cont) return notes;
  if (notes.includes(s.continued!)) {
    if (result.read) prefetchInstance(s.continued!, result.read);
    if (result.grant && s.pregrant) handOverGrant(s.continued!, { grant: result.grant, pre: s.pregrant });
    cont.accept(s.continued!);
  } else cont.release(s.continued!);
  return notes.filter((n) => n !== s.continued);
}

/** `x.cp.commit(c)`; when it throws, a notification chosen to continue is let go (its claim, if written, is the sweeper's once it passes). */
export async function commitSending(x: ExecutionServices, c: CommitBuilder, s: Sending | undefined): Promise<CommitResult> {
  try {
    return await x.cp.commit(c, s?.pregrant?.request);
  } catch (err) {
    if (s) afterCommit(s, { ok: false, reason: 'run_changed' });
    throw err;
  }
}

/** The notifications of an applied commit that it wrote (a Map's idle branch_done is skipped: CommitBuilder.outbox). */
export function written(notes: OutboxEntry[], result: CommitResult): OutboxEntry[] {
  const skipped = result.ok ? result.skipped : undefined;
  return skipped ? notes.filter((n) => !skipped.includes(n.id)) : notes;
}

/**
 * Commits a transition and, if it was accepted, sends the notifications it wrote to the outbox
 * (sendWith: enqueued, or one continued in place) unless `dispatch` is false: a worker agent then
 * calls notify_next_worker_agent, and the sweeper dispatches what an agent forgot. A refused commit
 * (stale lease, finished run) writes nothing and dispatches nothing. `prepared`: with `dispatch`
 * false, what the caller prepared with sendWith and sends itself after afterCommit (a Task's worker).
 * When the commit finished the run, it is finalized (onRunFinished), which takes it out of the active set.
 */
export async function commitAndDispatch(
  x: ExecutionServices,
  c: CommitBuilder,
  notifications: OutboxEntry[],
  dispatch = true,
  prepared?: Sending,
): Promise<CommitResult> {
  const sending = dispatch ? sendWith(x, c, notifications) : undefined;
  const result = await commitSending(x, c, sending ?? prepared);
  if (sending) {
    const send = afterCommit(sending, result);
    if (send.length) await x.dispatcher.dispatch(send, { fresh: true });
  }
  if (!result.ok) return result;
  const finished = c.ops.some((o) => o.op === 'run' && o.set.status && o.set.status !== 'RUNNING');
  if (finished) {
    // onRunFinished finalizes the run, which takes it out of the active set; without it, that is all there is to do.
    if (x.onRunFinished) await x.onRunFinished(c.runId);
    else await leaveActiveRuns(x.redis, c.runId);
  }
  return result;
}
