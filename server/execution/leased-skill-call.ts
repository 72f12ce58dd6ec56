import { runKeys } from '../controlplane/keys.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { renewWhileWorking } from './lease-renewal.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import type { Refusal } from './task-work.ts';

/** What a skill call made under a Task lease is given. */
export interface LeasedCall {
  /** The attempt's idempotency key (idempotency-key.ts). */
  idempotencyKey: string;
  /** Aborts when the lease is lost (reason: LeaseLost). */
  signal: AbortSignal;
}

/**
 * A skill call an agent worker makes under its Task lease (invoke_skill_tool given run_id, state
 * and lease_token). Refused unless `token` is the live lease of the instance — checked by renewing
 * it. `work` gets the attempt's idempotency key, and the lease is renewed while it runs: an agent
 * cannot renew by itself while its tool call blocks, and a call longer than the lease TTL must not
 * let another worker take the state over.
 */
export async function callUnderTaskLease<T>(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  work: (call: LeasedCall) => Promise<T>,
): Promise<{ ok: true; value: T } | Refusal> {
  const live = await x.cp.renewLease(runId, instance, token, x.config.execution.leaseTtlS);
  if (!live.ok) return { ok: false, reason: live.reason };
  const raw = await x.redis.hget(runKeys(runId).entries, instance);
  if (!raw) return { ok: false, reason: 'not_runnable', detail: `${instance} was never entered` };
  const abort = new AbortController();
  const stopRenewing = renewWhileWorking(x, runId, instance, token, abort);
  try {
    const key = idempotencyKey(runId, instance, JSON.parse(raw) as EntryRecord);
    return { ok: true, value: await work({ idempotencyKey: key, signal: abort.signal }) };
  } finally {
    stopRenewing();
  }
}
