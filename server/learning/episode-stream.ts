import type { Redis } from 'ioredis';
import type { Episode, WorkflowVersionNode } from '../graph/port.ts';
import { durableStream } from '../redis/durable-stream.ts';

/**
 * The first hop of graph writes: finished runs append their episode to this Redis stream. Workers
 * stay off the database (PGlite has one owner), so the consolidation job in the database-owning
 * process moves stream entries into the Postgres graph outbox and from there into the graph.
 * The stream is a durable stream (server/redis/durable-stream.ts): an entry is acknowledged only
 * after its outbox row is written, so a crash in between re-delivers it (episodes are idempotent
 * per run_id).
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

const stream = durableStream<EpisodeMessage>(EPISODE_STREAM, CONSOLIDATORS);
export const publishEpisode = (redis: Redis, message: EpisodeMessage) => stream.publish(redis, message);
export const readEpisodes = (redis: Redis, consumer: string, count: number) => stream.read(redis, consumer, count);
export const ackEpisode = (redis: Redis, id: string) => stream.ack(redis, id);
