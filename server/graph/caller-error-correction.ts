import { failureCauseOfText } from '../../lib/failure-cause.ts';

/**
 * What both adapters' correctCallerErrors decide, computed once here: of the failed uses recorded
 * so far, those whose error is the caller's (lib/failure-cause.ts, the rule recording applies to
 * new uses: episode-facts.ts useOutcome), grouped by skill, as the keys of their USED_SKILL rows.
 */

export interface RecordedFailure {
  run_id: string;
  seq: number;
  skill: string;
  error: string | null;
}

export type UseKey = { run_id: string; seq: number };

/** The caller's failures by skill (skills in first-seen order, keys in the order given). */
export function callerErrorsBySkill(failures: RecordedFailure[]): Map<string, UseKey[]> {
  const by = new Map<string, UseKey[]>();
  for (const f of failures) {
    if (failureCauseOfText(f.error) !== 'caller') continue;
    by.set(f.skill, [...(by.get(f.skill) ?? []), { run_id: f.run_id, seq: f.seq }]);
  }
  return by;
}

/** At most this many uses are reclassified by one statement (bounded statement size). */
export const CORRECTION_BATCH = 500;

export function batches<T>(items: T[], size = CORRECTION_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
