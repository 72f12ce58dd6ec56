import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { qaResults } from '../../server/db/schema/index.ts';
import { drainQaResults } from '../../server/execution/qa-publish.ts';
import type { ExecutionServices } from '../../server/contracts/execution-services.ts';
import type { KnowledgeGraph } from '../../server/graph/port.ts';
import { consolidate } from '../../server/learning/consolidate.ts';
import { CONSUMER_ROLES } from '../../server/redis/stream-consumer.ts';

/**
 * Waiting until finished runs are where the console reads them: each run's QA results in the QA
 * store (one row per analysed call) and its episode in the knowledge graph. Both travel the usual
 * way — the finishing worker publishes to Redis streams (execution/qa-publish.ts,
 * learning/episode-stream.ts) and a consolidator writes them — and this loop consolidates too
 * (drainQaResults, consolidate), under a consumer name of its own: when the console runs and
 * consolidates as well, both write, and every write there is idempotent (upserts keyed by run and
 * call, episodes by run id). Without a console (npm start fills the demo before the server
 * starts) it is the only consolidator.
 */
export interface StoredRun {
  run_id: string;
  workflow_id: string;
  workflow_version: string;
  /** Calls the run analysed: rows the QA store must hold for it. */
  calls: number;
}

const CONSUMER = CONSUMER_ROLES.demoHistory;
const POLL_MS = 250;

/** Runs whose QA rows are not all stored yet. */
async function missingQa(db: Db, runs: readonly StoredRun[]): Promise<StoredRun[]> {
  if (!runs.length) return [];
  const rows = await db
    .select({ runId: qaResults.runId, n: sql<number>`count(*)::int` })
    .from(qaResults)
    .where(
      inArray(
        qaResults.runId,
        runs.map((r) => r.run_id),
      ),
    )
    .groupBy(qaResults.runId);
  const stored = new Map(rows.map((r) => [r.runId, Number(r.n)]));
  return runs.filter((r) => (stored.get(r.run_id) ?? 0) < r.calls);
}

/** Runs whose episode is not in the graph yet. */
async function missingEpisodes(graph: KnowledgeGraph, runs: readonly StoredRun[]): Promise<StoredRun[]> {
  const byVersion = new Map<string, StoredRun[]>();
  for (const r of runs) {
    const key = `${r.workflow_id}@${r.workflow_version}`;
    byVersion.set(key, [...(byVersion.get(key) ?? []), r]);
  }
  const missing: StoredRun[] = [];
  for (const group of byVersion.values()) {
    const { workflow_id, workflow_version: version } = group[0]!;
    // Newest first: these runs are among the newest, so a bound well above their number finds them.
    const known = new Set((await graph.executions({ workflow_id, version }, group.length + 1000)).map((e) => e.run_id));
    missing.push(...group.filter((r) => !known.has(r.run_id)));
  }
  return missing;
}

/**
 * Resolves with what is still missing after `timeoutMs` (empty lists when everything is stored).
 * A graph that cannot be reached keeps its writes in the outbox; they count as missing here.
 */
export async function untilStored(
  deps: { x: ExecutionServices; db: Db; graph: KnowledgeGraph },
  runs: readonly StoredRun[],
  timeoutMs: number,
): Promise<{ qa: StoredRun[]; episodes: StoredRun[] }> {
  const deadline = Date.now() + timeoutMs;
  let qa = [...runs];
  let episodes = [...runs];
  for (;;) {
    const policy = deps.x.config.streams;
    await drainQaResults(deps.x.redis, deps.db, CONSUMER, policy);
    await consolidate({ redis: deps.x.redis, db: deps.db, graph: deps.graph, consumer: CONSUMER, policy }).catch(() => undefined);
    qa = await missingQa(deps.db, qa);
    episodes = await missingEpisodes(deps.graph, episodes).catch(() => episodes);
    if ((!qa.length && !episodes.length) || Date.now() >= deadline) return { qa, episodes };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Whether the QA store holds any result: npm start fills the demo history only into an empty one. */
export async function hasQaResults(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: qaResults.id }).from(qaResults).limit(1);
  return !!row;
}
