import type { Db } from '../../db/client.ts';
import { drainQaResults } from '../../execution/qa-publish.ts';
import { refreshStaleReviewedFigures } from '../../qa/figures.ts';
import { CONSUMER_ROLES } from '../../redis/stream-consumer.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { scoringSkillOf } from './scoring-skill.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/**
 * The database the QA tools read and write, or the `unavailable` failure. Before a QA tool reads,
 * the QA results runs have published and the consolidation job has not yet stored are written
 * (read-your-writes: a Planner asking "which advisor scored lowest?" right after its runs ended,
 * or a `dcf` command with no console to consolidate, sees those runs). Best effort: without Redis
 * the store is read as it is.
 */
export async function qaDb(services: ToolServices): Promise<Db | ToolFailure> {
  if (!services.db) return fail('unavailable', 'QA results live in the database, which this context does not provide');
  let db: Db;
  try {
    db = await services.db();
  } catch (err) {
    return fail('unavailable', `cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (services.execution) {
    try {
      const x = await services.execution();
      await drainQaResults(x.redis, db, CONSUMER_ROLES.qaReader, x.config.streams);
      await refreshStaleReviewedFigures(db, scoringSkillOf(services));
    } catch {
      // The consolidation job stores them on its next pass.
    }
  }
  return db;
}
export const isToolFailure = (x: unknown): x is ToolFailure => typeof x === 'object' && x !== null && (x as ToolFailure).status === 'error';
