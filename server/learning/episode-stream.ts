import type { Redis } from 'ioredis';
import type { Episode, WorkflowVersionNode } from '../graph/port.ts';

/**
 * The first hop of graph writes: finished runs append their episode to this Redis stream. Workers
 * stay off the database (PGlite has one owner), so the consolidation job in the database-owning
 * process moves stream entries into the Postgres graph outbox and from there into the graph.
 * The stream is durable (Redis AOF) and read through a consumer group: an entry is acknowledged
 * only after its outbox row is written, so a crash in between re-delivers it (episodes are
 * idempotent per run_id).
 */
export const EPISODE_STREAM = 'dcf:graph:episodes';
export const CONSOLIDATORS = 'consolidators';

export interface EpisodeMessage {
  episode: Episode;
  /** The workflow version the run executed, so the graph has its :Workflow node. */
  workflow: WorkflowVersionNode;
  /** The skills the episode used, with their capability (first tag). */
  skills: Array<{ uri: string; name: string; version: string; capability: string | null; tags: string[] }>;
}

export async function publishEpisode(redis: Redis, message: EpisodeMessage): Promise<string> {
  return (await redis.xadd(EPISODE_STREAM, '*', 'm', JSON.stringify(message)))!;
}

/** Creates the consumer group once (from the start of the stream, so nothing published before is missed). */
export async function ensureConsumerGroup(redis: Redis): Promise<void> {
  try {
    await redis.xgroup('CREATE', EPISODE_STREAM, CONSOLIDATORS, '0', 'MKSTREAM');
  } catch (err) {
    if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
  }
}

/** Entries for `consumer`: first its own unacknowledged ones (a crash before XACK), then new ones. */
export async function readEpisodes(redis: Redis, consumer: string, count: number): Promise<Array<{ id: string; message: EpisodeMessage }>> {
  await ensureConsumerGroup(redis);
  const out: Array<{ id: string; message: EpisodeMessage }> = [];
  for (const from of ['0', '>']) {
    const res = (await redis.xreadgroup('GROUP', CONSOLIDATORS, consumer, 'COUNT', count, 'STREAMS', EPISODE_STREAM, from)) as Array<[string, Array<[string, string[]]>]> | null;
    for (const [, entries] of res ?? []) {
      for (const [id, fields] of entries) {
        if (fields.length >= 2) out.push({ id, message: JSON.parse(fields[1]!) as EpisodeMessage });
      }
    }
    if (out.length) break;
  }
  return out;
}

export async function ackEpisode(redis: Redis, id: string): Promise<void> {
  await redis.xack(EPISODE_STREAM, CONSOLIDATORS, id);
}
