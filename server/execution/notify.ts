import { runKeys } from '../controlplane/keys.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { loadRunDefinition } from './run-definition.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** The run's undispatched and in-flight notifications (its outbox), oldest first. */
export async function readOutbox(x: ExecutionServices, runId: string): Promise<OutboxEntry[]> {
  const all = await x.redis.hvals(runKeys(runId).outbox);
  return all.map((raw) => JSON.parse(raw) as OutboxEntry).sort((a, b) => a.created_at_ms - b.created_at_ms);
}

/**
 * notify_next_worker_agent: sends the notifications the run's last transitions queued — for one
 * target state instance, or all of them. A notification already sent (same nudge_id) is not
 * sent again. Returns what was sent now and what was sent before.
 */
export async function notifyNextWorkerAgent(
  x: ExecutionServices,
  runId: string,
  state?: string,
): Promise<{ notified: OutboxEntry[]; already: OutboxEntry[] }> {
  const pending = (await readOutbox(x, runId)).filter((e) => !state || e.instance === state);
  // The dispatcher checks which were sent before, all in one round trip, and sends the others.
  const fresh = new Set(await x.dispatcher.dispatch(pending));
  return { notified: pending.filter((e) => fresh.has(e)), already: pending.filter((e) => !fresh.has(e)) };
}

export type Readiness = { ready: boolean; waiting_on: string[]; notified: OutboxEntry[] };

/**
 * notify_if_ready: notifies `state` only if it is ready — every upstream state of the meta's
 * deps is done (spec §2.6 step 5: the join fires once both branches are done) and the state
 * has a queued notification. With `requireReady: false` the queued notification is sent anyway.
 */
export async function notifyIfReady(x: ExecutionServices, runId: string, state: string, requireReady = true): Promise<Readiness | null> {
  const def = await loadRunDefinition(x.redis, runId);
  if (!def) return null;
  const upstream = def.meta.deps[state]?.upstream ?? [];
  const docs = upstream.length ? await x.redis.hmget(runKeys(runId).states, ...upstream) : [];
  const waiting = upstream.filter((_, i) => (docs[i] ? (JSON.parse(docs[i]!) as { status: string }).status !== 'done' : true));
  if (requireReady && waiting.length) return { ready: false, waiting_on: waiting, notified: [] };
  const { notified } = await notifyNextWorkerAgent(x, runId, state);
  return { ready: waiting.length === 0, waiting_on: waiting, notified };
}
