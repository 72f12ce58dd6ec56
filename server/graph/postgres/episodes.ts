import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { graphEpisodes, graphTasks } from '../../db/schema/index.ts';
import { isoString } from '../ordering.ts';
import type { EpisodeSource, EpisodicNode, PatternEpisode, TaskEpisode } from '../port.ts';
import { episodeUuidSchema } from '../schemas.ts';
import { taskEpisodicFields, taskRunId, taskSkillUses } from '../task-facts.ts';
import { insertEpisodic, recordUses } from './writes.ts';

/** Delegated tasks and Strategist patterns as Graphiti episodes, and the episode reads. */

/**
 * One transaction, claimed by the task row like recordEpisode by the execution row: a second
 * call for the same (session_id, task_id) writes nothing, so counters are never bumped twice.
 */
export async function recordTaskEpisode(db: Db, e: TaskEpisode, now: Date): Promise<void> {
  const episodic = taskEpisodicFields(e);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(graphTasks)
      .values({
        sessionId: e.session_id,
        taskId: e.task_id,
        companionId: e.companion_id,
        status: e.status,
        durationS: e.duration_s,
        error: e.error,
        completedAt: new Date(e.completed_at),
        episodeUuid: episodic.uuid,
        recordedAt: now,
      })
      .onConflictDoNothing()
      .returning({ taskId: graphTasks.taskId });
    if (claimed.length === 0) return;
    await insertEpisodic(tx, episodic, now);
    await recordUses(tx, taskRunId(e), taskSkillUses(e));
  });
}

/** Insert-once: the uuid is the key, and an existing episode of any kind is kept. */
export async function recordPatternEpisode(db: Db, e: PatternEpisode): Promise<void> {
  await db
    .insert(graphEpisodes)
    .values({
      uuid: e.uuid,
      name: e.name,
      groupId: e.group_id,
      source: e.source,
      sourceDescription: e.source_description,
      content: e.episode_body,
      validAt: new Date(e.valid_at ?? e.created_at),
      createdAt: new Date(e.created_at),
    })
    .onConflictDoNothing();
}

interface Row {
  uuid: string;
  name: string;
  group_id: string;
  source: EpisodeSource;
  source_description: string;
  content: string;
  valid_at: Date | string;
  created_at: Date | string;
}

const COLUMNS = sql`uuid::text as uuid, name, group_id, source, source_description, content, valid_at, created_at`;

const toNode = (r: Row): EpisodicNode => ({
  uuid: r.uuid,
  name: r.name,
  group_id: r.group_id,
  source: r.source,
  source_description: r.source_description,
  content: r.content,
  valid_at: isoString(r.valid_at),
  created_at: isoString(r.created_at),
});

export async function episodes(db: Db, groupIds: string[] | null, lastN: number): Promise<EpisodicNode[]> {
  if (groupIds !== null && groupIds.length === 0) return [];
  const where =
    groupIds === null
      ? sql`true`
      : sql`group_id in (${sql.join(
          groupIds.map((g) => sql`${g}`),
          sql`, `,
        )})`;
  const rows = rowsOf<Row>(
    await db.execute(sql`select ${COLUMNS} from graph_episodes where ${where} order by valid_at desc, uuid desc limit ${lastN}`),
  );
  return rows.map(toNode);
}

/** Null for a string that is no canonical uuid (no episode can have it; Postgres would refuse the cast). */
export async function episode(db: Db, uuid: string): Promise<EpisodicNode | null> {
  if (!episodeUuidSchema.safeParse(uuid).success) return null;
  const [row] = rowsOf<Row>(await db.execute(sql`select ${COLUMNS} from graph_episodes where uuid = ${uuid}::uuid`));
  return row ? toNode(row) : null;
}
