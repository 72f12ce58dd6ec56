/**
 * Coalesces bursts of "something changed" into refetches at most once per `intervalMs`: the
 * first trigger after a quiet spell refetches at once, later ones wait for the interval, and a
 * trigger while a refetch is in flight runs one more after it (so no change is missed and
 * refetches never overlap or cancel each other).
 */
export interface RefetchThrottle {
  trigger(): void;
  /** Drops anything scheduled; later triggers do nothing. */
  stop(): void;
}

export function createRefetchThrottle(refetch: () => Promise<unknown>, intervalMs: number): RefetchThrottle {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let again = false;
  let stopped = false;

  const run = async () => {
    timer = null;
    inFlight = true;
    last = Date.now();
    try {
      await refetch();
    } catch {
      // the query shows its own error; the next event tries again
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        trigger();
      }
    }
  };

  function trigger() {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    if (timer !== null) return;
    timer = setTimeout(() => void run(), Math.max(0, last + intervalMs - Date.now()));
  }

  return {
    trigger,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
