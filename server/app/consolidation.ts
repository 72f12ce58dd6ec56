import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import { QUEUE_PREFIX, queueConnection } from '../execution/dispatcher.ts';
import type { ExecutionRuntime } from '../execution/runtime.ts';
import { consolidate } from '../learning/consolidate.ts';
import { drainQaResults } from '../execution/qa-publish.ts';
import { OpenAiCompatibleEmbedder } from '../learning/embeddings/embedder.ts';
import { syncEmbeddings } from '../learning/embeddings/semantic.ts';
import { refreshStaleReviewedFigures } from '../qa/figures.ts';
import { scoringSkillOf } from '../tools/qa/scoring-skill.ts';

const QUEUE = 'consolidation';

/**
 * Runs the consolidation job (QA results into their store, server/learning/consolidate.ts, then embedding of new documents when
 * an embedding endpoint is configured) every two seconds in the process
 * that owns the database (the console server), one at a time cluster-wide (a BullMQ job
 * scheduler). Returns a stop function.
 */
export function startConsolidation(runtime: ExecutionRuntime, db: Db, redisUrl: string, log: Logger): () => Promise<void> {
  const graph = createKnowledgeGraph(runtime.x.config, db);
  const scoring = scoringSkillOf({ config: runtime.x.config });
  const embedder = runtime.x.config.embeddings ? new OpenAiCompatibleEmbedder(runtime.x.config.embeddings) : null;
  const qconn = queueConnection(redisUrl);
  const wconn = queueConnection(redisUrl);
  const queue = new Queue(QUEUE, { connection: qconn, prefix: QUEUE_PREFIX });
  void queue.upsertJobScheduler('consolidate', { every: 2_000 }, { name: 'consolidate', opts: { removeOnComplete: true, removeOnFail: 100 } });
  const worker = new Worker(QUEUE, async () => {
    // QA results first: people are waiting to review them, and they never depend on the graph.
    await drainQaResults(runtime.x.redis, db, runtime.x.identity).catch((err: Error) => log.warn({ error: err.message }, 'QA results not stored yet; retried next pass'));
    // Reviews carried to a new analysis get their reviewed figures (the scoring skill is called outside the write).
    await refreshStaleReviewedFigures(db, scoring).catch((err: Error) => log.warn({ error: err.message }, 'reviewed figures not computed yet'));
    const r = await consolidate({ redis: runtime.x.redis, db, graph, consumer: runtime.x.identity });
    if (r.failed) log.warn({ pending: r.pending, error: r.lastError }, 'knowledge graph unavailable; graph writes wait in the outbox');
    // Keep vectors of new and changed documents current, so a search embeds only its query.
    if (embedder) await syncEmbeddings(db, embedder).catch((err: Error) => log.warn({ error: err.message }, 'embedding endpoint failed; semantic search catches up later'));
    return r;
  }, { connection: wconn, prefix: QUEUE_PREFIX, concurrency: 1 });
  worker.on('error', () => {});
  return async () => {
    await worker.close();
    await queue.close();
    await graph.close();
    qconn.disconnect();
    wconn.disconnect();
  };
}
