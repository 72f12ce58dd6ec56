import type { RedisClient } from '../redis/connection.ts';
import { ACTIVE_RUNS, runKeys } from '../controlplane/keys.ts';

/**
 * Takes a run that is over out of the active set (what the sweeper watches). The status is read
 * again after the removal: a run redriven in the meantime (redrive_workflow_run adds it back
 * after its commit) is put back, so a concurrent redrive's membership is never lost.
 */
export async function leaveActiveRuns(redis: RedisClient, runId: string): Promise<void> {
  await redis.srem(ACTIVE_RUNS, runId);
  if ((await redis.hget(runKeys(runId).run, 'status')) === 'RUNNING') await redis.sadd(ACTIVE_RUNS, runId);
}
