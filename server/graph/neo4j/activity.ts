import { LONDON } from '../../../lib/uk-time.ts';
import { assembleActivity } from '../activity.ts';
import type { GraphActivity } from '../port.ts';
import type { CypherClient } from './client.ts';
import { NO_LIMIT, rows, toSkillReliability } from './reads.ts';
import { ACTIVITY_RUNS, ACTIVITY_USES, ALL_SKILL_RELIABILITY } from './statements.ts';
import { int, num } from './values.ts';

/**
 * The graph's activity between two instants (port.ts `activity`), as postgres/activity.ts answers
 * it: runs and uses per London day, and every skill's reliability over the same uses (the
 * reliability statement with a window bounded by time alone). One read transaction, so all three agree.
 */
export async function activity(c: CypherClient, since: string, until: string): Promise<GraphActivity> {
  const window = { since: new Date(since).toISOString(), until: new Date(until).toISOString() };
  const [runs, uses, skills] = await c.read(async (tx) => [
    await rows(tx, ACTIVITY_RUNS, { ...window, timezone: LONDON }),
    await rows(tx, ACTIVITY_USES, { ...window, timezone: LONDON }),
    await rows(tx, ALL_SKILL_RELIABILITY, { ...window, limit: int(NO_LIMIT) }),
  ]);
  const count = (v: unknown) => num(v) ?? 0;
  return assembleActivity(
    window,
    runs.map((r) => ({
      day: r.day === null || r.day === undefined ? null : String(r.day),
      runs: count(r.runs),
      succeeded: count(r.succeeded),
      failed: count(r.failed),
      p50: num(r.p50),
      p95: num(r.p95),
    })),
    uses.map((u) => ({
      day: String(u.day),
      skill_calls: count(u.skill_calls),
      swaps: count(u.swaps),
      caller_errors: count(u.caller_errors),
    })),
    skills.map((r) => toSkillReliability(r, false)),
  );
}
