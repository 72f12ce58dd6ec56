/**
 * Every interval of lease handling, derived from the one setting DCF_LEASE_TTL_S, so they stay in
 * step. The guarantee they give together: a state whose holder died runs again at most
 * `recoveryBoundMs` after the death (TTL + one sweep): the holder renewed its lease at most one
 * TTL before it died, the sweeper finds the lapsed lease within one sweep interval and
 * re-notifies the state, and any live worker takes it. At the default TTL of 15 s that is 16.5 s.
 *
 * - `renewEveryMs` (TTL/3): a holder renews while it works, so two renewals can fail or be late
 *   before the lease lapses under a live worker.
 * - `lockDurationMs` / `stalledIntervalMs`: BullMQ's lock on a notification job and its stall
 *   check. A killed worker's job goes back to the queue after about one TTL, like its lease; the
 *   lease protocol makes that second delivery harmless (a state that is leased or done is not
 *   worked twice).
 * - `sweepEveryMs` (TTL/10, between 250 ms and 5 s): how often expired leases are reclaimed; a
 *   sweep costs a few reads per active run.
 */
export interface LeaseTiming {
  ttlS: number;
  renewEveryMs: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  sweepEveryMs: number;
  /** The longest a dead holder's state waits before it is re-notified. */
  recoveryBoundMs: number;
}

export function leaseTiming(ttlS: number): LeaseTiming {
  const ttlMs = ttlS * 1000;
  const renewEveryMs = Math.max(50, Math.floor(ttlMs / 3));
  const sweepEveryMs = Math.max(250, Math.min(5_000, Math.floor(ttlMs / 10)));
  return {
    ttlS,
    renewEveryMs,
    lockDurationMs: ttlMs,
    stalledIntervalMs: renewEveryMs,
    sweepEveryMs,
    recoveryBoundMs: ttlMs + sweepEveryMs,
  };
}
