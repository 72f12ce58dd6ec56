import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { enqueueGraphWrite, replayGraphOutbox } from '../graph/outbox.ts';
import { ackEpisode, readEpisodes, type EpisodeMessage } from './episode-stream.ts';
import { publishSkillStats } from './skill-stats.ts';

/** An episode's graph writes, in the order the graph wants them: its workflow version, its skills, the episode. */
export async function enqueueEpisode(db: Db, message: EpisodeMessage): Promise<void> {
  await enqueueGraphWrite(db, { kind: 'workflow_version', payload: message.workflow });
  for (const skill of message.skills) await enqueueGraphWrite(db, { kind: 'skill', payload: skill });
  await enqueueGraphWrite(db, { kind: 'episode', payload: message.episode });
}

/**
 * The consolidation job (the sleep-time agent's offline work, spec §2.7 and §4.3): moves run
 * episodes from the Redis stream into the Postgres graph outbox, then replays the outbox into
 * the knowledge graph and republishes skill statistics for the workers. Graph writes never block
 * a run, and a graph that is down loses nothing: rows stay pending and replay on the next pass.
 */
export async function consolidate(deps: { redis: Redis; db: Db; graph: KnowledgeGraph; consumer: string }, batch = 100) {
  let moved = 0;
  for (const { id, message } of await readEpisodes(deps.redis, deps.consumer, batch)) {
    await enqueueEpisode(deps.db, message);
    await ackEpisode(deps.redis, id);
    moved++;
  }
  const replay = await replayGraphOutbox(deps.db, deps.graph, { limit: 1000 });
  if (replay.applied > 0) await publishSkillStats(deps.redis, deps.graph).catch(() => undefined);
  return { moved, ...replay };
}
