import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { graphOutbox } from '../db/schema/index.ts';
import { applyGraphWrite } from './apply-write.ts';
import type { GraphWrite, KnowledgeGraph } from './port.ts';
import type { Executor } from './postgres/db.ts';
import { graphWriteSchema } from './schemas.ts';

/**
 * The graph outbox: graph writes are first committed to `graph_outbox` in the app database
 * (possibly in the caller's own transaction), then replayed into the knowledge graph. A graph
 * that is down delays writes but loses none, and writes reach the graph in the order they were
 * enqueued.
 *
 * Delivery is at-least-once: a row applied to the graph whose `applied_at` update then fails is
 * applied again on the next replay, and two replays running at once may both apply a row. Both
 * are harmless because every port write is idempotent (upserts; episodes keyed by run_id).
 */

/** Validates `item` and appends it; returns the row id. `db` may be a transaction. */
export async function enqueueGraphWrite(db: Executor, item: GraphWrite): Promise<number> {
  const w = graphWriteSchema.parse(item);
  const [row] = await db.insert(graphOutbox).values({ kind: w.kind, payload: w.payload }).returning({ id: graphOutbox.id });
  return row!.id;
}

export interface ReplayResult {
  /** Rows applied by this call. */
  applied: number;
  /** 1 when a row failed (it stays pending and the replay stopped there), else 0. */
  failed: number;
  /** Rows still pending after this call. */
  pending: number;
  /** The failure that stopped this call, if any. */
  lastError: string | null;
}

/**
 * Applies up to `limit` pending rows in id order and marks each applied. The first failure
 * (graph unreachable, or a payload that no longer validates) leaves that row pending with
 * attempts + 1 and last_error, and stops: later rows must not overtake it.
 */
export async function replayGraphOutbox(db: Db, graph: KnowledgeGraph, options: { limit?: number } = {}): Promise<ReplayResult> {
  const rows = await db
    .select()
    .from(graphOutbox)
    .where(isNull(graphOutbox.appliedAt))
    .orderBy(asc(graphOutbox.id))
    .limit(options.limit ?? 100);
  let applied = 0;
  let lastError: string | null = null;
  for (const row of rows) {
    try {
      await applyGraphWrite(graph, graphWriteSchema.parse({ kind: row.kind, payload: row.payload }));
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      await db
        .update(graphOutbox)
        .set({ attempts: sql`${graphOutbox.attempts} + 1`, lastError })
        .where(eq(graphOutbox.id, row.id));
      break;
    }
    await db
      .update(graphOutbox)
      .set({ appliedAt: new Date(), attempts: sql`${graphOutbox.attempts} + 1` })
      .where(eq(graphOutbox.id, row.id));
    applied++;
  }
  return { applied, failed: lastError === null ? 0 : 1, pending: await pendingGraphWrites(db), lastError };
}

/** Rows not yet applied (for health pages and tests). */
export async function pendingGraphWrites(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(graphOutbox)
    .where(isNull(graphOutbox.appliedAt));
  return Number(row?.n ?? 0);
}
