import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { KnowledgeGraph } from '../port.ts';
import { activity } from './activity.ts';
import { descendants, executions, lineage, workflowsUsingSkill } from './lineage.ts';
import { allSkillReliability, recentCallerErrors, recentFailures, skillReliability, skillTrend } from './reliability.ts';
import { correctCallerErrors } from './correction.ts';
import { episode, episodes, recordPatternEpisode, recordTaskEpisode } from './episodes.ts';
import { skillUses } from './skill-uses.ts';
import { link, recordEpisode, upsertSkill, upsertWorkflowVersion } from './writes.ts';

export interface PostgresGraphOptions {
  /** The clock for windows, trends and placeholder timestamps (tests pin it). */
  now?: () => Date;
}

/**
 * The embedded knowledge graph: tables in the app database (server/db/schema/graph.ts),
 * created by the app's migrations. It shares the app's connection, so `close` closes nothing.
 */
export function createPostgresGraph(db: Db, options: PostgresGraphOptions = {}): KnowledgeGraph {
  const now = options.now ?? (() => new Date());
  return {
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    upsertSkill: (s) => upsertSkill(db, s, now()),
    upsertWorkflowVersion: (w) => upsertWorkflowVersion(db, w),
    link: (kind, child, parent) => link(db, kind, child, parent, now()),
    recordEpisode: (e) => recordEpisode(db, e, now()),
    recordTaskEpisode: (e) => recordTaskEpisode(db, e, now()),
    recordPatternEpisode: (e) => recordPatternEpisode(db, e),
    episodes: (groupIds, lastN) => episodes(db, groupIds, lastN),
    episode: (uuid) => episode(db, uuid),
    skillReliability: (uri, window) => skillReliability(db, uri, window, now()),
    allSkillReliability: (window) => allSkillReliability(db, window, now()),
    activity: (since, until) => activity(db, since, until),
    skillUses: (since, until) => skillUses(db, since, until),
    skillTrend: (uri, buckets, bucketDays) => skillTrend(db, uri, buckets, bucketDays, now()),
    recentFailures: (uri, limit) => recentFailures(db, uri, limit),
    recentCallerErrors: (uri, limit) => recentCallerErrors(db, uri, limit),
    correctCallerErrors: () => correctCallerErrors(db),
    lineage: (workflowId) => lineage(db, workflowId),
    descendants: (node) => descendants(db, node),
    executions: (node, limit) => executions(db, node, limit),
    workflowsUsingSkill: (uri) => workflowsUsingSkill(db, uri),
    close: async () => {},
  };
}
