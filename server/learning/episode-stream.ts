import type { RedisClient } from '../redis/connection.ts';
import { z } from 'zod';
import { episodeSchema, skillNodeSchema, workflowVersionNodeSchema } from '../graph/schemas.ts';
import { durableStream } from '../redis/durable-stream.ts';

/**
 * The first hop of graph writes: finished runs append their episode to this Redis stream. Workers
 * stay off the database (PGlite has one owner), so the consolidation job in the database-owning
 * process moves stream entries into the Postgres graph outbox and from there into the graph.
 * The stream is a durable stream (server/redis/durable-stream.ts): an entry is acknowledged only
 * after its outbox row is written, so a crash in between re-delivers it (episodes are idempotent
 * per run_id). An entry that is not a valid message goes to the stream's dead letters.
 */
export const EPISODE_STREAM = 'dcf:graph:episodes';
export const CONSOLIDATORS = 'consolidators';

/**
 * One finished run as the graph learns it: the episode; the workflow version the run executed, so
 * the graph has its :Workflow node; the skills the episode used, with their capability (first tag).
 */
export const episodeMessageSchema = z.object({
  episode: episodeSchema,
  workflow: workflowVersionNodeSchema,
  skills: z.array(skillNodeSchema),
});
export type EpisodeMessage = z.infer<typeof episodeMessageSchema>;

export const episodeStream = durableStream<EpisodeMessage>(EPISODE_STREAM, CONSOLIDATORS, episodeMessageSchema);
export const publishEpisode = (redis: RedisClient, message: EpisodeMessage) => episodeStream.publish(redis, message);
