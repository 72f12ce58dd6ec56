import { batches, callerErrorsBySkill, type RecordedFailure } from '../caller-error-correction.ts';
import type { CypherClient } from './client.ts';
import { FAILED_USES, RECLASSIFY_CALLER_ERRORS } from './statements.ts';
import { int, num } from './values.ts';

/**
 * correctCallerErrors on Neo4j: the failed uses are read, judged by lib/failure-cause.ts
 * (caller-error-correction.ts) and the caller's reclassified skill by skill, in one write
 * transaction. RECLASSIFY_CALLER_ERRORS re-checks each use under its skill's lock, so a use read
 * as a failure here and corrected meanwhile by another pass is not counted again. Run once per
 * process by the consolidation job (server/learning/consolidate.ts) — the one-off correction of
 * the figures recorded before caller errors were told apart — and a no-op once that is done.
 */
export async function correctCallerErrors(c: CypherClient): Promise<number> {
  return c.write(async (tx) => {
    const found = (await tx.run(FAILED_USES, {})).records.map((r) => r.toObject());
    const failures: RecordedFailure[] = found.map((r) => ({
      run_id: r.run_id as string,
      seq: num(r.seq) ?? 0,
      skill: r.skill as string,
      error: (r.error as string | null | undefined) ?? null,
    }));
    let corrected = 0;
    for (const [uri, keys] of callerErrorsBySkill(failures)) {
      for (const batch of batches(keys)) {
        const sent = batch.map((k) => ({ run_id: k.run_id, seq: int(k.seq) }));
        const [row] = (await tx.run(RECLASSIFY_CALLER_ERRORS, { uri, keys: sent })).records.map((r) => r.toObject());
        corrected += num(row?.corrected) ?? 0;
      }
    }
    return corrected;
  });
}
