import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isoString, sortSkillUses } from '../ordering.ts';
import type { RecordedSkillUse } from '../port.ts';

interface Row {
  run_id: string;
  seq: number;
  state: string;
  skill: string;
  capability: string | null;
  outcome: RecordedSkillUse['outcome'];
  latency_ms: number | null;
  at: Date | string;
  strategy: string | null;
}

/**
 * Skill uses between two instants (port.ts `skillUses`): graph_skill_uses with the capability of
 * their skill, both bounds included, null bounds left open. Ordered in TypeScript (ordering.ts),
 * so the order of run ids does not depend on the database's collation.
 */
export async function skillUses(db: Db, since: string | null, until: string | null): Promise<RecordedSkillUse[]> {
  const bounds: SQL[] = [sql`true`];
  if (since !== null) bounds.push(sql`u.at >= ${new Date(since).toISOString()}::timestamptz`);
  if (until !== null) bounds.push(sql`u.at <= ${new Date(until).toISOString()}::timestamptz`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select u.run_id, u.seq, u.state, u.skill, s.capability, u.outcome, u.latency_ms, u.at, u.strategy
      from graph_skill_uses u
      join graph_skills s on s.uri = u.skill
      where ${sql.join(bounds, sql` and `)}`),
  );
  return sortSkillUses(
    rows.map((r) => ({
      run_id: r.run_id,
      seq: Number(r.seq),
      state: r.state,
      skill: r.skill,
      capability: r.capability,
      outcome: r.outcome,
      latency_ms: r.latency_ms === null ? null : Number(r.latency_ms),
      at: isoString(r.at),
      strategy: r.strategy,
    })),
  );
}
