import type { RedisTarget } from '../config-redis.ts';
import { Queue, Worker } from 'bullmq';
import type { RedisClient } from '../redis/connection.ts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { QUEUE_PREFIX, queueConnection } from '../execution/dispatcher.ts';
import type { ExecutionRuntime } from '../execution/runtime.ts';
import { consolidate } from '../learning/consolidate.ts';
import { EPISODE_STREAM } from '../learning/episode-stream.ts';
import { drainQaResults, QA_STREAM } from '../execution/qa-publish.ts';
import { CONSUMER_ROLES } from '../redis/stream-consumer.ts';
import { OpenAiCompatibleEmbedder } from '../learning/embeddings/embedder.ts';
import { syncEmbeddings } from '../learning/embeddings/semantic.ts';
import { refreshStaleReviewedFigures } from '../qa/figures.ts';
import { scoringSkillOf } from '../tools/qa/scoring-skill.ts';

export const CONSOLIDATION_QUEUE = 'consolidation';

/** What one consolidation pass uses. */
export interface ConsolidationDeps {
  redis: RedisClient;
  db: Db;
  graph: KnowledgeGraph;
  config: AppConfig;
  log: Logger;
  embedder?: OpenAiCompatibleEmbedder | null;
}

/**
 * One pass of the consolidation job: QA results into their store, episodes into the graph outbox
 * and on into the graph (server/learning/consolidate.ts), then embeddings of new documents. Both
 * streams are read under the consolidator role's consumer name, the same in every console and
 * after every restart (server/redis/stream-consumer.ts): entries a dead console read and never
 * acknowledged are this pass's own, or claimed once idle for DCF_STREAM_CLAIM_IDLE_S.
 */
export async function consolidationPass(d: ConsolidationDeps) {
  const consumer = CONSUMER_ROLES.consolidator;
  const policy = d.config.streams;
  // QA results first: people are waiting to review them, and they never depend on the graph.
  const qa = await drainQaResults(d.redis, d.db, consumer, policy);
  if (qa.sinkDown) d.log.warn({ error: qa.sinkDown.message }, 'QA results not stored yet; retried next pass');
  if (qa.deadLettered) d.log.error({ count: qa.deadLettered, stream: QA_STREAM }, 'QA results dead-lettered: see Settings → Health');
  // Reviews carried to a new analysis get their reviewed figures (the scoring skill is called outside the write).
  await refreshStaleReviewedFigures(d.db, scoringSkillOf({ config: d.config })).catch((err: Error) =>
    d.log.warn({ error: err.message }, 'reviewed figures not computed yet; retried next pass'),
  );
  const r = await consolidate({ redis: d.redis, db: d.db, graph: d.graph, consumer, policy });
  if (r.deadLettered) d.log.error({ count: r.deadLettered, stream: EPISODE_STREAM }, 'episodes dead-lettered: see Settings → Health');
  if (r.failed) d.log.warn({ pending: r.pending, error: r.lastError }, 'knowledge graph unavailable; graph writes wait in the outbox');
  // Keep vectors of new and changed documents current, so a search embeds only its query.
  if (d.embedder) {
    await syncEmbeddings(d.db, d.embedder).catch((err: Error) =>
      d.log.warn({ error: err.message }, 'embedding endpoint failed; semantic search catches up later'),
    );
  }
  return { qa, ...r };
}

/**
 * Runs the consolidation pass every two seconds in the process that owns the database (the
 * console server), one at a time cluster-wide (a BullMQ job scheduler). Returns a stop function.
 */
export function startConsolidation(runtime: ExecutionRuntime, db: Db, redis: RedisTarget, log: Logger): () => Promise<void> {
  const config = runtime.x.config;
  const graph = createKnowledgeGraph(config, db);
  const embedder = config.embeddings ? new OpenAiCompatibleEmbedder(config.embeddings) : null;
  const qconn = queueConnection(redis);
  const wconn = queueConnection(redis);
  const queue = new Queue(CONSOLIDATION_QUEUE, { connection: qconn, prefix: QUEUE_PREFIX });
  void queue.upsertJobScheduler(
    'consolidate',
    { every: 2_000 },
    { name: 'consolidate', opts: { removeOnComplete: true, removeOnFail: 100 } },
  );
  const worker = new Worker(CONSOLIDATION_QUEUE, () => consolidationPass({ redis: runtime.x.redis, db, graph, config, log, embedder }), {
    connection: wconn,
    prefix: QUEUE_PREFIX,
    concurrency: 1,
  });
  worker.on('error', () => {});
  return async () => {
    await worker.close();
    await queue.close();
    await graph.close();
    qconn.disconnect();
    wconn.disconnect();
  };
}
