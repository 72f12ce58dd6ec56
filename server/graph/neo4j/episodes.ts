import { randomUUID } from 'node:crypto';
import { skillCounts } from '../episode-facts.ts';
import type { EpisodeSource, EpisodicNode, PatternEpisode, TaskEpisode } from '../port.ts';
import { taskEpisodicFields, taskRunId, taskSkillUses } from '../task-facts.ts';
import type { CypherClient } from './client.ts';
import {
  BUMP_SKILL_COUNTERS,
  CLAIM_TASK,
  EPISODE_BY_UUID,
  EPISODES,
  RECORD_PATTERN_EPISODE,
  RECORD_TASK,
  RECORD_TASK_SKILL_USES,
} from './statements.ts';
import { counterParams, episodeParams, int, msToIso, skillUseParams } from './values.ts';

/** Delegated tasks and Strategist patterns as Graphiti episodes, and the episode reads (as postgres/episodes.ts). */

/** One write transaction; CLAIM_TASK makes a second call for the same task a no-op. */
export async function recordTaskEpisode(c: CypherClient, e: TaskEpisode, now: Date): Promise<void> {
  const episodic = taskEpisodicFields(e);
  const uses = taskSkillUses(e);
  const counts = skillCounts(uses);
  const task = { session_id: e.session_id, task_id: e.task_id };
  await c.write(async (tx) => {
    const claim = await tx.run(CLAIM_TASK, { ...task, write_id: randomUUID() });
    if (claim.records[0]?.toObject().claimed !== true) return;
    await tx.run(RECORD_TASK, {
      ...task,
      companion_id: e.companion_id,
      status: e.status,
      duration_s: e.duration_s,
      error: e.error,
      completed_at: e.completed_at,
      now: now.toISOString(),
      ...episodeParams(episodic),
    });
    if (uses.length === 0) return;
    await tx.run(RECORD_TASK_SKILL_USES, {
      ...task,
      run_id: taskRunId(e),
      uses: uses.map((u) => ({ ...skillUseParams(u), at: u.at })),
    });
    await tx.run(BUMP_SKILL_COUNTERS, { counts: counts.map(counterParams) });
  });
}

export async function recordPatternEpisode(c: CypherClient, e: PatternEpisode): Promise<void> {
  await c.write(async (tx) => {
    await tx.run(RECORD_PATTERN_EPISODE, {
      uuid: e.uuid,
      name: e.name,
      group_id: e.group_id,
      source: e.source,
      source_description: e.source_description,
      content: e.episode_body,
      valid_at: e.valid_at ?? e.created_at,
      created_at: e.created_at,
    });
  });
}

const toNode = (r: Record<string, unknown>): EpisodicNode => ({
  uuid: r.uuid as string,
  name: r.name as string,
  group_id: r.group_id as string,
  source: r.source as EpisodeSource,
  source_description: r.source_description as string,
  content: r.content as string,
  valid_at: msToIso(r.valid_at_ms),
  created_at: msToIso(r.created_at_ms),
});

export async function episodes(c: CypherClient, groupIds: string[] | null, lastN: number): Promise<EpisodicNode[]> {
  if (groupIds !== null && groupIds.length === 0) return [];
  const found = await c.read(async (tx) => (await tx.run(EPISODES, { group_ids: groupIds, limit: int(lastN) })).records);
  return found.map((r) => toNode(r.toObject()));
}

export async function episode(c: CypherClient, uuid: string): Promise<EpisodicNode | null> {
  const [found] = await c.read(async (tx) => (await tx.run(EPISODE_BY_UUID, { uuid })).records);
  return found ? toNode(found.toObject()) : null;
}
