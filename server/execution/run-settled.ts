import type { RedisClient } from '../redis/connection.ts';

/**
 * A finished run is *settled* once the process that finished it has done its end-of-run work
 * (finalize, the learning episode, the QA results published: runtime.ts `onRunFinished`). A waiter
 * that saw the terminal status waits for this too, so what it reads next — the QA store through a
 * QA tool — already holds the run's results.
 */
const settledKey = (runId: string) => `dcf:run:{${runId}}:settled`;
const KEEP_S = 7 * 86_400;

export async function markRunSettled(redis: RedisClient, runId: string): Promise<void> {
  await redis.set(settledKey(runId), '1', 'EX', KEEP_S);
}

/** Resolves when the run is settled, or after `maxMs` (a process that died mid-way never settles it). */
export async function untilRunSettled(redis: RedisClient, runId: string, maxMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    if (await redis.exists(settledKey(runId))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
