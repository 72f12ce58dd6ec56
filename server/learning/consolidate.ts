import type { RedisClient } from '../redis/connection.ts';
import type { Db } from '../db/client.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { enqueueGraphWrite, replayGraphOutbox } from '../graph/outbox.ts';
import { databaseReady } from '../db/ready.ts';
import { consumeStream, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from '../redis/stream-consumer.ts';
import { episodeStream, type EpisodeMessage } from './episode-stream.ts';
import { publishSkillStats } from './skill-stats.ts';

/** An episode's graph writes, in the order the graph wants them: its workflow version, its skills, the episode. */
export async function enqueueEpisode(db: Db, message: EpisodeMessage): Promise<void> {
  await enqueueGraphWrite(db, { kind: 'workflow_version', payload: message.workflow });
  for (const skill of message.skills) await enqueueGraphWrite(db, { kind: 'skill', payload: skill });
  await enqueueGraphWrite(db, { kind: 'episode', payload: message.episode });
}

/** Graphs whose recorded failures this process has checked for caller errors (correctCallerErrors). */
const checked = new WeakSet<KnowledgeGraph>();

/**
 * The one-off correction of the figures recorded before caller errors were told apart (issue 15),
 * at the first pass of each process that consolidates: the graph's failed uses whose error is the
 * caller's become caller errors (on Postgres migration 0015 did it already; on Neo4j this is where
 * it happens). Idempotent, so it only costs a read after the first time. A graph that cannot be
 * reached is checked at a later pass. Returns how many uses it reclassified.
 */
async function correctOnce(graph: KnowledgeGraph): Promise<number> {
  if (checked.has(graph)) return 0;
  try {
    const n = await graph.correctCallerErrors();
    checked.add(graph);
    return n;
  } catch {
    return 0; // the replay below reports the graph's failure; the correction waits for the next pass
  }
}

/**
 * The consolidation job (the sleep-time agent's offline work, spec §2.7 and §4.3): moves run
 * episodes from the Redis stream into the Postgres graph outbox, then replays the outbox into
 * the knowledge graph and republishes skill statistics for the workers. Graph writes never block
 * a run, and a graph that is down loses nothing: rows stay pending and replay on the next pass.
 * The first pass of a process also corrects caller errors recorded as failures (correctOnce).
 * Stream entries follow the durable streams' delivery rules (server/redis/stream-consumer.ts):
 * `policy` is the configuration's (config.streams); tests may leave the default.
 */
export async function consolidate(
  deps: { redis: RedisClient; db: Db; graph: KnowledgeGraph; consumer: string; policy?: DeliveryPolicy },
  batch = 100,
) {
  const stream = await consumeStream(deps.redis, episodeStream, {
    consumer: deps.consumer,
    policy: deps.policy ?? DEFAULT_DELIVERY_POLICY,
    batch,
    handle: (message) => enqueueEpisode(deps.db, message),
    sinkReady: () => databaseReady(deps.db),
  });
  const corrected = await correctOnce(deps.graph);
  const replay = await replayGraphOutbox(deps.db, deps.graph, { limit: 1000 });
  if (replay.applied > 0 || corrected > 0) await publishSkillStats(deps.redis, deps.graph).catch(() => undefined);
  return { moved: stream.handled, deadLettered: stream.deadLettered, streamDown: stream.sinkDown, corrected, ...replay };
}
