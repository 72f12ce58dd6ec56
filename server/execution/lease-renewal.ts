import { leaseTiming } from './lease-timing.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** Why a Task attempt's work was stopped: the reason its AbortSignal carries. */
export type WorkAbort = { error: 'LeaseLost' | 'WorkerStopped' | 'States.Timeout'; cause: string };

/**
 * Keeps the lease `token` of a Task instance alive while its work runs: one renewal every TTL/3
 * (lease-timing.ts), so a skill call longer than the TTL keeps its state. A renewal the control
 * plane refuses means the lease is lost (it lapsed and another worker took the state over, or the
 * run is over): `abort` is aborted with LeaseLost, the work stops and its worker writes nothing —
 * a commit it still tried would be refused by the fence. A renewal that cannot reach Redis is not
 * a loss: the next one may get through, and if the lease lapses meanwhile the fence decides.
 * `claim`: the notification the work was woken by; if this job continues it in place
 * (continuation.ts), its claim is renewed with the lease, so the sweeper leaves it alone while the
 * work lives (a notification with no claim is not given one).
 * Returns the function that stops renewing.
 */
export function renewWhileWorking(
  x: ExecutionServices,
  runId: string,
  instance: string,
  token: string,
  abort: AbortController,
  claim?: string,
): () => void {
  const { ttlS, renewEveryMs } = leaseTiming(x.config.execution.leaseTtlS);
  const timer = setInterval(() => {
    void x.cp.renewLease(runId, instance, token, ttlS, claim).then(
      (r) => {
        if (!r.ok) abort.abort({ error: 'LeaseLost', cause: `lease of ${instance} ${r.reason}` } satisfies WorkAbort);
      },
      () => {},
    );
  }, renewEveryMs);
  return () => clearInterval(timer);
}
