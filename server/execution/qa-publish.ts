import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { ExecutionServices } from './services.ts';
import { showRun } from './show-run.ts';
import { durableStream } from '../redis/durable-stream.ts';
import type { Db } from '../db/client.ts';
import { qaRecordsOf } from '../qa/project.ts';
import type { QaRecordInput } from '../qa/record.ts';
import { upsertQaRecords } from '../qa/store.ts';

/**
 * How QA results reach the database: the process that finishes a run (a worker, which stays off
 * the database) publishes the run's records to a durable Redis stream; the database owner's
 * consolidation job writes them (`drainQaResults`) and only then acknowledges them, so a crash in
 * between re-delivers and the upsert makes that harmless.
 */
export type QaResultsMessage = { run_id: string; records: QaRecordInput[] };
export const QA_STREAM = 'dcf:qa:results';
const stream = durableStream<QaResultsMessage>(QA_STREAM, 'qa-projectors');

/** The brain that ran the run's agents, as the call detail's provenance names it. */
export const brainName = (config: AppConfig) => (config.agentBrain.kind === 'openai' ? `${config.agentBrain.model} (OpenAI-compatible)` : 'deterministic');

/** At the end of a run: its QA results, if it produced any, go to the stream. Returns how many. */
export async function publishQaResults(x: ExecutionServices, runId: string): Promise<number> {
  const view = await showRun(x, runId);
  if (!view) return 0;
  const records = qaRecordsOf(view, brainName(x.config));
  if (records.length) await stream.publish(x.redis, { run_id: runId, records });
  return records.length;
}

/** Writes published QA results into the store; returns how many records were written. */
export async function drainQaResults(redis: Redis, db: Db, consumer: string, batch = 50): Promise<number> {
  let written = 0;
  for (const { id, message } of await stream.read(redis, consumer, batch)) {
    written += await upsertQaRecords(db, message.records);
    await stream.ack(redis, id);
  }
  return written;
}
