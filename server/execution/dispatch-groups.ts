import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { RUN_DEADLINE } from './transitions.ts';

/**
 * Several notifications of one commit carried by one BullMQ job (issue 33): a Map's batch commit
 * writes hundreds of iteration notifications, and a job each cost its iteration about as much
 * process CPU as the iteration's own work (a bare BullMQ job: add, fetch, lock, complete). The
 * commit's notifications that are due now go in jobs of at most GROUP_MAX: the job's id is its
 * first notification's nudge id (the *carrier*), the others travel in its data (`carried`), and
 * each carried notification's outbox entry names its carrier (`job`), written by the same commit.
 *
 * The rules (handle-notification.ts, sweeper.ts):
 *  - a job handles its carried notifications at once, beside its first: a worker slot runs up to
 *    GROUP_MAX notifications, as it does a chain continued in place (continuation.ts), and they
 *    count toward the job's continuation steps;
 *  - a carried notification whose handler throws is enqueued as a job of its own (retried as any),
 *    as a continued one is; if that enqueue fails too, the job fails and BullMQ retries it whole;
 *  - each handled notification leaves the outbox before its job completes, so the sweeper reads an
 *    entry's job as its own job if there is one, else its carrier's: queued or running, it is left
 *    alone; missing (a crash between the commit and the enqueue), it is sent; failed, retried;
 *  - a job whose holder dies is stalled and re-delivered by BullMQ (the lock is one lease TTL,
 *    lease-timing.ts) with everything it carries; notifications handled already are dropped by the
 *    lease and the entry-id check, as a repeated job's are.
 * Exactly-once state completion stays the fences' and leases'; grouping only decides which job a
 * notification travels in.
 */
export const GROUP_MAX = 8;

/** A notification job's data: its first notification, and those it carries (none for a job of one). */
export type JobNotifications = OutboxEntry & { carried?: OutboxEntry[] };

/**
 * Groups `notes` (one commit's, before it is made): each due-now notification after the first of
 * its group gets `job` = its carrier's id; returns carried id → carrier id. Not grouped: delayed ones
 * (Retry, Wait: their own delayed job), the run's deadline, a branch's report to its Parallel/Map
 * (`branch_done`: the commit may skip it, lua/commit.ts `join_idle`) and `except` (continued in place).
 */
export function groupNotes(notes: readonly OutboxEntry[], except?: OutboxEntry): Map<string, string> {
  const now = Date.now();
  const carriers = new Map<string, string>();
  let carrier: OutboxEntry | undefined;
  let size = 0;
  for (const n of notes) {
    if (n === except || n.due_at_ms > now || n.instance === RUN_DEADLINE || n.reason === 'branch_done') continue;
    if (carrier && size < GROUP_MAX && carrier.run_id === n.run_id) {
      n.job = carrier.id;
      carriers.set(n.id, carrier.id);
      size++;
    } else {
      carrier = n;
      size = 1;
    }
  }
  return carriers;
}

/**
 * The jobs that send `entries`: each entry whose `job` names another entry of the list rides in that
 * one's job; every other entry is a job of its own (also a carried one whose carrier is not in the
 * list: the sweeper's resend of one that was never enqueued).
 */
export function jobsOf(entries: readonly OutboxEntry[]): JobNotifications[] {
  const byId = new Map<string, JobNotifications>();
  for (const e of entries) byId.set(e.id, { ...e });
  const jobs: JobNotifications[] = [];
  for (const e of byId.values()) {
    const carrier = e.job && e.job !== e.id ? byId.get(e.job) : undefined;
    if (carrier && !carrier.job) (carrier.carried ??= []).push(stripCarried(e));
    else jobs.push(e);
  }
  return jobs;
}

/** A job's notifications: its first (as an outbox entry, without `carried`) and those it carries. */
export function notificationsOf(data: JobNotifications): { first: OutboxEntry; carried: OutboxEntry[] } {
  return { first: stripCarried(data), carried: data.carried ?? [] };
}

function stripCarried(e: JobNotifications): OutboxEntry {
  if (!e.carried) return e;
  const { carried: _carried, ...entry } = e;
  return entry;
}
