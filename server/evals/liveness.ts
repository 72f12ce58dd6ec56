import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { evalRuns } from '../db/schema/evals.ts';

/** How often a running run's process touches its heartbeat. */
export const HEARTBEAT_MS = 15_000;
/**
 * A running run whose heartbeat is older than this has lost its process (a console restart, a
 * killed `dcf eval`): six missed beats, so a busy machine's pause is not mistaken for a stop.
 */
export const STALE_MS = 6 * HEARTBEAT_MS;

/** Touches the run's heartbeat now and every HEARTBEAT_MS until the returned stop is called. */
export function keepAlive(db: Db, runId: string): () => void {
  const touch = () =>
    db
      .update(evalRuns)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(evalRuns.id, runId), eq(evalRuns.status, 'running')))
      .then(
        () => undefined,
        () => undefined, // a missed beat is retried by the next; a closed database ends the process anyway
      );
  void touch();
  const timer = setInterval(() => void touch(), HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The run's last heartbeat as ISO 8601 text in UTC (to the second). */
const lastBeat = sql`to_char(${evalRuns.heartbeatAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Marks every run still `running` whose heartbeat is older than STALE_MS (at `now`) `abandoned`,
 * with the time of its last beat as the reason, so no run shows as running for ever. Returns
 * how many it marked. Idempotent; called before runs are listed (the page polls) or started.
 */
export async function markAbandonedRuns(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(evalRuns)
    .set({
      status: 'abandoned',
      finishedAt: now,
      error: sql`'the process running it stopped before it finished (last heartbeat ' || ${lastBeat} || ')'`,
    })
    .where(and(eq(evalRuns.status, 'running'), lt(evalRuns.heartbeatAt, new Date(now.getTime() - STALE_MS))))
    .returning({ id: evalRuns.id });
  return rows.length;
}

/** The id of a run of the dataset that is running in some process now (heartbeat fresh at `now`), or null. */
export async function liveRunOf(db: Db, dataset: string, now: Date = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ id: evalRuns.id })
    .from(evalRuns)
    .where(
      and(eq(evalRuns.dataset, dataset), eq(evalRuns.status, 'running'), gte(evalRuns.heartbeatAt, new Date(now.getTime() - STALE_MS))),
    )
    .limit(1);
  return row?.id ?? null;
}
