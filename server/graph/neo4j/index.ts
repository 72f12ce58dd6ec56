import type { KnowledgeGraph } from '../port.ts';
import { activity } from './activity.ts';
import { cypherClient } from './client.ts';
import type { CypherDriver } from './driver-surface.ts';
import { episode, episodes, recordPatternEpisode, recordTaskEpisode } from './episodes.ts';
import {
  descendants,
  executions,
  lineage,
  recentCallerErrors,
  recentFailures,
  skillReliability,
  allSkillReliability,
  skillTrend,
  workflowsUsingSkill,
} from './reads.ts';
import { correctCallerErrors } from './correction.ts';
import { skillUses } from './skill-uses.ts';
import { PING } from './statements.ts';
import { link, recordEpisode, upsertSkill, upsertWorkflowVersion } from './writes.ts';

export interface Neo4jGraphOptions {
  /** Neo4j database name; the server's default database when unset. */
  database?: string;
  /** The clock for windows, trends and placeholder timestamps (tests pin it). */
  now?: () => Date;
  /** Whether `close` closes the driver (true when the adapter created it). */
  ownsDriver?: boolean;
}

/**
 * The production knowledge graph on Neo4j (Graphiti-compatible labels; see statements.ts for
 * the model). Takes a driver — the real neo4j-driver one (factory.ts) or the tests' fake.
 */
export function createNeo4jGraph(driver: CypherDriver, options: Neo4jGraphOptions = {}): KnowledgeGraph {
  const now = options.now ?? (() => new Date());
  const c = cypherClient(driver, options.database);
  return {
    kind: 'neo4j',
    ping: () => c.readWithoutSchema(async (tx) => void (await tx.run(PING, {}))),
    upsertSkill: (s) => upsertSkill(c, s, now()),
    upsertWorkflowVersion: (w) => upsertWorkflowVersion(c, w),
    link: (kind, child, parent) => link(c, kind, child, parent, now()),
    recordEpisode: (e) => recordEpisode(c, e, now()),
    recordTaskEpisode: (e) => recordTaskEpisode(c, e, now()),
    recordPatternEpisode: (e) => recordPatternEpisode(c, e),
    episodes: (groupIds, lastN) => episodes(c, groupIds, lastN),
    episode: (uuid) => episode(c, uuid),
    skillReliability: (uri, window) => skillReliability(c, uri, window, now()),
    allSkillReliability: (window) => allSkillReliability(c, window, now()),
    activity: (since, until) => activity(c, since, until),
    skillUses: (since, until) => skillUses(c, since, until),
    skillTrend: (uri, buckets, bucketDays) => skillTrend(c, uri, buckets, bucketDays, now()),
    recentFailures: (uri, limit) => recentFailures(c, uri, limit),
    recentCallerErrors: (uri, limit) => recentCallerErrors(c, uri, limit),
    correctCallerErrors: () => correctCallerErrors(c),
    lineage: (workflowId) => lineage(c, workflowId),
    descendants: (node) => descendants(c, node),
    executions: (node, limit) => executions(c, node, limit),
    workflowsUsingSkill: (uri) => workflowsUsingSkill(c, uri),
    close: async () => {
      if (options.ownsDriver) await driver.close();
    },
  };
}
