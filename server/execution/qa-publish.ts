import type { RunView } from '../contracts/run-view.ts';
import type { RedisClient } from '../redis/connection.ts';
import type { AppConfig } from '../config.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { showRun } from './show-run.ts';
import { durableStream } from '../redis/durable-stream.ts';
import type { Db } from '../db/client.ts';
import { databaseReady } from '../db/ready.ts';
import { qaRecordsOf } from '../qa/project.ts';
import { qaResultsMessageSchema, type QaResultsMessage } from '../qa/record-schema.ts';
import { upsertQaRecords } from '../qa/store.ts';
import { consumeStream, DEFAULT_DELIVERY_POLICY, type ConsumeResult, type DeliveryPolicy } from '../redis/stream-consumer.ts';

/**
 * How QA results reach the database: the process that finishes a run (a worker, which stays off
 * the database) publishes the run's records to a durable Redis stream; the database owner's
 * consolidation job writes them (`drainQaResults`) and only then acknowledges them, so a crash in
 * between re-delivers and the upsert makes that harmless. Entries that cannot be written go to
 * the stream's dead letters (server/redis/stream-consumer.ts has the rules).
 */
export type { QaResultsMessage };
export const QA_STREAM = 'dcf:qa:results';
export const qaResultsStream = durableStream<QaResultsMessage>(QA_STREAM, 'qa-projectors', qaResultsMessageSchema);
const stream = qaResultsStream;

/** The brain that ran the run's agents, as the call detail's provenance names it. */
export const brainName = (config: AppConfig) =>
  config.agentBrain.kind === 'openai' ? `${config.agentBrain.model} (OpenAI-compatible)` : 'deterministic';

/** At the end of a run: its QA results, if it produced any, go to the stream. Returns how many. `known`: the run's view, already read. */
export async function publishQaResults(x: ExecutionServices, runId: string, known?: RunView | null): Promise<number> {
  const view = known === undefined ? await showRun(x, runId, { events: async () => [] }) : known; // the records read no events
  if (!view) return 0;
  const records = qaRecordsOf(view, brainName(x.config));
  if (records.length) await stream.publish(x.redis, { run_id: runId, records });
  return records.length;
}

/**
 * Writes published QA results into the store (one pass of at most `batch` entries); `written`
 * counts records. `policy` is the configuration's (config.streams); tests may leave the default.
 */
export async function drainQaResults(
  redis: RedisClient,
  db: Db,
  consumer: string,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
  batch = 50,
): Promise<ConsumeResult & { written: number }> {
  let written = 0;
  const r = await consumeStream(redis, stream, {
    consumer,
    policy,
    batch,
    handle: async (message) => {
      written += await upsertQaRecords(db, message.records);
    },
    sinkReady: () => databaseReady(db),
  });
  return { ...r, written };
}
